/**
 * Nothing under server/ may reach the browser (docs/architecture.md#layers-and-import-rules): the
 * client build must hold no server module, no database driver, ORM, image library, password hashing
 * or schema library. `build/client-modules.json` lists the source modules of every browser chunk
 * (written by vite.config.ts at build time); the test command builds before running vitest.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const CLIENT = path.resolve("build/client/assets");
const MODULES = path.resolve("build/client-modules.json");

function clientJs(): Array<{ file: string; text: string }> {
  return fs
    .readdirSync(CLIENT)
    .filter((f) => f.endsWith(".js"))
    .map((file) => ({ file, text: fs.readFileSync(path.join(CLIENT, file), "utf8") }));
}

function clientModules(): Array<{ chunk: string; module: string }> {
  const chunks = JSON.parse(fs.readFileSync(MODULES, "utf8")) as Record<string, string[]>;
  return Object.entries(chunks).flatMap(([chunk, modules]) => modules.map((module) => ({ chunk, module })));
}

/** React Router's browser manifest: the entry's and each route's scripts. */
function routeManifest() {
  const manifestFile = fs.readdirSync(CLIENT).find((f) => /^manifest-.*\.js$/.test(f));
  expect(manifestFile, "React Router's browser manifest").toBeDefined();
  const text = fs.readFileSync(path.join(CLIENT, manifestFile!), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
}

/** The scripts a first visit to these routes loads. */
function scripts(...routeIds: string[]): Set<string> {
  const manifest = routeManifest();
  return new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routeIds.flatMap((id) => [manifest.routes[id]!.module, ...(manifest.routes[id]!.imports ?? [])]),
  ]);
}

describe("client bundle", () => {
  it("exists (the test command builds before running vitest)", () => {
    expect(fs.existsSync(CLIENT), "run `npm run build` first").toBe(true);
    expect(fs.existsSync(MODULES), "the build records the client's modules").toBe(true);
  });

  it("holds no module of server/ and no server-side or schema package", () => {
    const modules = clientModules();
    expect(modules.some((m) => m.module.startsWith("app/root.tsx"))).toBe(true);
    const forbidden =
      /^(server\/|node_modules\/(zod|drizzle-orm|pg|pg-pool|@electric-sql|bcryptjs|sharp|nodemailer|remix-auth|remix-auth-form)\/)/;
    const leaks = modules.filter((m) => forbidden.test(m.module));
    expect(leaks, leaks.map((m) => `${m.chunk}: ${m.module}`).join("\n")).toEqual([]);
  });

  it("holds no server code by its marks either", () => {
    const markers = [
      /drizzle-orm/,
      /@electric-sql\/pglite/,
      /pg_trgm/,
      /\bbcrypt/,
      /\bsharp\b/,
      /SESSION_SECRET/,
      /node:crypto/,
      /pg-pool/,
      /ZodError/,
    ];
    const files = clientJs();
    expect(files.length).toBeGreaterThan(0);
    for (const { file, text } of files) {
      for (const marker of markers) expect(text, `${file} contains ${marker}`).not.toMatch(marker);
    }
  });

  it("a shopper's first page asks for five scripts at most: React with the entry, the shop's shell, root, the page and its shared part", () => {
    // Each script is a request, and on a phone's connection a request can cost a round trip
    // (vite.config.ts, shopChunk). The bare page of scripts/perf-baseline asks for four.
    for (const page of ["home", "productos", "routes/producto", "routes/carrito"]) {
      expect(routeManifest().routes[page], page).toBeDefined();
      const loaded = [...scripts("root", page)];
      expect(loaded.length, `${page}: ${loaded.join(" ")}`).toBeLessThanOrEqual(5);
    }
  });

  it("the list asks for three scripts: React with the entry, the root's module with the shell, and the list's module", () => {
    // The root's and the list's route modules are their chunks themselves, not one-line re-exports of
    // them (vite.config.ts, routeModulesInTheirChunks): each such file cost a request and gzip overhead.
    const loaded = [...scripts("root", "productos")];
    expect(loaded, loaded.join(" ")).toHaveLength(3);
  });

  it("a page loads only its own code: the list no variant picker, the product page no filter panel, no alert form until it shows", () => {
    // The bench's "JavaScript beyond the bare page" (docs/decisions/007-list-speed-against-a-bare-page.md).
    const chunks = JSON.parse(fs.readFileSync(MODULES, "utf8")) as Record<string, string[]>;
    const modulesOf = (page: string) =>
      [...scripts("root", page)].flatMap((url) => chunks[url.replace(/^\/+/, "")] ?? (expect.fail(`no module list for ${url}`) as never));
    const list = modulesOf("productos");
    const product = modulesOf("routes/producto");
    expect(list).toContain("app/components/ProductFilters.tsx");
    expect(list).not.toContain("app/components/VariantPicker.tsx");
    expect(product).toContain("app/components/VariantPicker.tsx");
    expect(product).not.toContain("app/components/ProductFilters.tsx");
    for (const page of [list, product]) {
      expect(page).not.toContain("app/components/StockAlertForm.tsx");
      expect(page).not.toContain("app/components/SearchSuggestions.tsx");
    }
    // They load on demand, from chunks of their own.
    expect(Object.values(chunks).some((m) => m.includes("app/components/StockAlertForm.tsx"))).toBe(true);
  });

  it("the list carries nothing only other screens use, nor Vite's preload helper (docs/decisions/020-list-javascript-budget.md)", () => {
    const chunks = JSON.parse(fs.readFileSync(MODULES, "utf8")) as Record<string, string[]>;
    const loaded = [...scripts("root", "productos")];
    const list = loaded.flatMap((url) => chunks[url.replace(/^\/+/, "")] ?? []);
    expect(list).toContain("domain/product-query.ts");
    for (const elsewhere of ["domain/dates.ts", "domain/gallery-upload.ts", "domain/variant-names.ts", "domain/wishlist.ts"]) {
      expect(list, `${elsewhere} is for other screens`).not.toContain(elsewhere);
    }
    for (const url of loaded) {
      const text = fs.readFileSync(path.join(CLIENT, path.basename(url)), "utf8");
      expect(text, `${url} carries Vite's preload helper`).not.toContain("vite:preloadError");
    }
  });
});
