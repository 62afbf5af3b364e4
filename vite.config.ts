import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Records which source modules went into each browser chunk
 * (`build/client-modules.json`), so a test can prove that no server code and no
 * schema library reaches the browser (docs/architecture.md#layers-and-import-rules).
 */
function clientModuleList(): Plugin {
  return {
    name: "client-module-list",
    apply: "build",
    writeBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      const root = process.cwd();
      const chunks: Record<string, string[]> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[file] = Object.keys(output.modules).map((id) => path.relative(root, id.replace(/^\0/, "")).split(path.sep).join("/"));
      }
      fs.mkdirSync("build", { recursive: true });
      fs.writeFileSync("build/client-modules.json", JSON.stringify(chunks, null, 1));
    },
  };
}

/**
 * Vite wraps every dynamic `import()` in a helper that first preloads the imported chunk's own
 * imports. With `build.modulePreload: false` (below) it is handed no file to preload, yet its code
 * (about 0.5 KB gzip) still ships in the storefront's shared chunk for the search box's `import()`.
 * This gives the helper's module a body that only runs the import, as it would anyway. Vite would
 * still hand it the CSS files of a chunk imported on demand (`__vite__mapDeps`); the build stops
 * then, since this helper would not load them.
 */
function noPreloadHelper(): Plugin {
  const helperId = "\0vite/preload-helper.js";
  return {
    name: "no-preload-helper",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (id === helperId) return "export const __vitePreload = (load) => load();";
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk" && output.code.includes("__vite__mapDeps")) {
          this.error(`${output.fileName} imports on demand a chunk with CSS of its own: noPreloadHelper would not load it`);
        }
      }
    },
  };
}

/**
 * React Router makes each route module an entry of the browser build and asks Rollup to keep its
 * exports exactly ("exports-only"). So when `shopChunk` puts the root's module into the shop's chunk
 * and the list's into the list's, Rollup adds for each a file of one line that re-exports the route's
 * names from that chunk: a script more for the page to fetch and 0.3 KB of gzip on the list. With
 * "allow-extension" the chunk itself is the route's module and may export more names (what other
 * chunks import from it). `experimentalMinChunkSize: 0` (below) then keeps an empty route module, a
 * resource route's, in a file of its own: Rollup would fold it into another chunk, and React
 * Router's manifest needs a file for every route.
 */
function routeModulesInTheirChunks(): Plugin {
  return {
    name: "route-modules-in-their-chunks",
    apply: "build",
    options(options) {
      if (this.environment?.name !== "client") return null;
      return { ...options, preserveEntrySignatures: "allow-extension" };
    },
  };
}

const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;

/**
 * The storefront's shell: the root and the pages a shopper lands on (the list, a product, the cart).
 * The shop's own modules that the root uses, or that two of these pages share, go into one "shop"
 * chunk, so a first visit asks for a handful of scripts, as the bare page does, instead of a dozen
 * one-kilobyte shared chunks: on a phone's connection each extra request costs a round trip (an
 * HTTP/1.1 browser opens six connections per host). A module only one of these pages uses stays
 * with that page (the filter panel with the list, the variant picker with the product page), so
 * the list does not carry the product page's code nor the other way round (the bench's "JavaScript
 * beyond the bare page"). Code only the checkout, the account pages or the admin use stays in their
 * own chunks.
 */
const SHELL = /\/app\/(root|routes\/(productos|producto|carrito))\.tsx$/;

type ModuleInfoOf = (id: string) => { importers: readonly string[]; dynamicImporters: readonly string[] } | null;

const ROUTE = /\/app\/routes\//;
const COMMONJS_HELPERS = "\0commonjsHelpers.js";
/** React Router's browser entry: a chunk of one line of its own otherwise. */
const CLIENT_ENTRY = /\/entry\.client\.tsx$/;
/**
 * The list, where most visits start, is one chunk: its route module with every module of the shell
 * only it uses, including those the admin's lists share (the query string's rules, the pagination).
 * Those screens then load the list's chunk too; the list saves a script of its own and its gzip
 * overhead (0.25 KB of the "JavaScript beyond the bare page" the bench measures). With React Router's
 * entry for the route (the `?__react-router-build-client-route` module) in it too, the chunk is the
 * route's own file (routeModulesInTheirChunks).
 */
const LIST_ROUTE = /\/app\/routes\/productos\.tsx(\?__react-router-build-client-route)?$/;
/** React Router's entry for the root's route module: in the shop's chunk, which is then the root's own file. */
const ROOT_ROUTE_ENTRY = /\/app\/root\.tsx\?__react-router-build-client-route$/;
/** The chunk of the modules that only one of the shell's pages uses (with other screens, maybe). */
const PAGE_CHUNK: Record<string, string> = { "routes/productos": "list", "routes/producto": "product", "routes/carrito": "cart" };

function shopChunk(): (id: string, meta: { getModuleInfo: ModuleInfoOf }) => string | undefined {
  /** Which of the shell's modules (root, the three pages) import `id`, directly or not. */
  const shellImporters = (id: string, getModuleInfo: ModuleInfoOf, seen: Set<string>, found: Set<string>): Set<string> => {
    const shell = SHELL.exec(id);
    if (shell) found.add(shell[1]!);
    else if (ROUTE.test(id)) found.add("other");
    if (seen.has(id) || shell) return found;
    seen.add(id);
    const info = getModuleInfo(id);
    // A module some page loads on demand (import()) starts a chunk of its own: what it uses is not the page's.
    if (info?.dynamicImporters.length) return found;
    for (const importer of info?.importers ?? []) shellImporters(importer, getModuleInfo, seen, found);
    return found;
  };
  const chunkOf = new Map<string, string | undefined>();
  return (id, { getModuleInfo }) => {
    // Rollup's CommonJS interop helpers serve React's CommonJS builds (and a lone helper elsewhere would tie the chunks in a circle).
    if (FRAMEWORK.test(id) || CLIENT_ENTRY.test(id) || id === COMMONJS_HELPERS) return "framework";
    if (LIST_ROUTE.test(id)) return "list";
    if (ROOT_ROUTE_ENTRY.test(id)) return "shop";
    if (id.includes("/node_modules/") || ROUTE.test(id)) return undefined;
    if (!chunkOf.has(id)) {
      const found = shellImporters(id, getModuleInfo, new Set(), new Set());
      const pages = [...found].filter((f) => f !== "other");
      chunkOf.set(
        id,
        found.has("root") || pages.length > 1
          ? "shop"
          : // A module one page uses with other screens: in the page's second chunk (Rollup would cut a
            // chunk per set of users); one that page alone uses: in the page's own chunk (undefined).
            // The list's modules all go with the list's route, in one chunk (see LIST_ROUTE).
            pages.length === 1 && (found.has("other") || pages[0] === "routes/productos")
            ? PAGE_CHUNK[pages[0]!]
            : undefined,
      );
    }
    return chunkOf.get(id);
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The SSR bundle's entry is the Express app, which imports the React Router build.
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          // React, React DOM and React Router in one long-cached chunk, the shell's own code in another (shopChunk).
          // Any other package (a schema library, say) goes with the route that uses it.
          output: { manualChunks: shopChunk(), experimentalMinChunkSize: 0 },
          // A resource route (the webhook, the backup, the sitemap…) has no browser code: its chunk is empty by design.
          onwarn(warning, warn) {
            if (warning.code !== "EMPTY_BUNDLE") warn(warning);
          },
        },
    assetsInlineLimit: 0,
    // The server build minifies CSS too: it holds the sheets written into pages (app/styles/inline.ts),
    // which must be the built files' very text (tests/integration/first-round-trip.test.ts).
    cssMinify: true,
    // React Router writes the modulepreload links of every page itself; Vite's own preloading only
    // serves a dynamic import's dependencies (the search box's suggestions have none of their own).
    modulePreload: false,
  },
  ssr: {
    // Native / WASM packages stay external and load from node_modules at run time.
    external: ["@electric-sql/pglite", "sharp", "pg"],
  },
  plugins: [noPreloadHelper(), reactRouter(), routeModulesInTheirChunks(), clientModuleList()],
}));
