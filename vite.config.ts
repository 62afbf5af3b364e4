import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#server": path.resolve(import.meta.dirname, "server"),
    },
  },
  build: {
    // The SSR bundle's entry is the Express app, which imports the React Router build.
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          // React, React DOM and React Router in one long-cached chunk; the shop's own code stays small beside it.
          output: { manualChunks: (id: string) => (id.includes("/node_modules/") ? "framework" : undefined) },
        },
    assetsInlineLimit: 0,
  },
  ssr: {
    // Native / WASM packages stay external and load from node_modules at run time.
    external: ["@electric-sql/pglite", "sharp", "pg"],
  },
  plugins: [reactRouter()],
}));
