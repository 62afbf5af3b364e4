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

const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;

/**
 * The storefront's shell: the root and the pages a shopper lands on. Every module of the shop's own
 * code that they import goes into one "shop" chunk, so a first visit asks for five scripts, as the
 * bare page does, instead of a dozen one-kilobyte shared chunks: on a phone's connection each extra
 * request costs a round trip (an HTTP/1.1 browser opens six connections per host). Code only the
 * checkout, the account pages or the admin use stays in their own chunks.
 */
const SHELL = /\/app\/(root|routes\/(productos|producto|carrito))\.tsx$/;

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

function shopChunk(): (id: string, meta: { getModuleInfo: ModuleInfoOf }) => string | undefined {
  const reachesShell = (id: string, getModuleInfo: ModuleInfoOf, seen: Set<string>): boolean => {
    if (SHELL.test(id)) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return (getModuleInfo(id)?.importers ?? []).some((importer) => reachesShell(importer, getModuleInfo, seen));
  };
  const chunkOf = new Map<string, string | undefined>();
  return (id, { getModuleInfo }) => {
    if (FRAMEWORK.test(id)) return "framework";
    if (id.includes("/node_modules/") || /\/app\/routes\//.test(id)) return undefined;
    if (!chunkOf.has(id)) chunkOf.set(id, reachesShell(id, getModuleInfo, new Set()) ? "shop" : undefined);
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
          output: { manualChunks: shopChunk() },
        },
    assetsInlineLimit: 0,
  },
  ssr: {
    // Native / WASM packages stay external and load from node_modules at run time.
    external: ["@electric-sql/pglite", "sharp", "pg"],
  },
  plugins: [reactRouter(), clientModuleList()],
}));
