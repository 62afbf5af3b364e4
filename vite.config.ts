import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Records which source modules went into each browser chunk
 * (`build/client-modules.json`), so a test can prove that no server code and no
 * schema library reaches the browser (DESIGN §3).
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

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The SSR bundle's entry is the Express app, which imports the React Router build.
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          // React, React DOM and React Router in one long-cached chunk; the shop's own code stays small beside it.
          // Only those: any other package (a schema library, say) goes with the route that uses it.
          output: { manualChunks: (id: string) => (FRAMEWORK.test(id) ? "framework" : undefined) },
        },
    assetsInlineLimit: 0,
  },
  ssr: {
    // Native / WASM packages stay external and load from node_modules at run time.
    external: ["@electric-sql/pglite", "sharp", "pg"],
  },
  plugins: [reactRouter(), clientModuleList()],
}));
