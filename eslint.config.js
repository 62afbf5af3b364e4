import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      ".tmp/",
      "test-results/",
      "playwright-report/",
      "scripts/perf-baseline/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // One import style (docs/architecture.md#layers-and-import-rules): other folders through the package.json `imports` field
  // (#app/…, #domain/…, #server/…, #tests/…); only a module's own folder is reached with "./".
  {
    files: ["app/**/*.{ts,tsx}", "tests/**/*.ts", "scripts/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../*", "~/*"], message: "Import other folders as #app/…, #domain/…, #server/… or #tests/…." }] },
      ],
    },
  },
  // Imports run one way: app → domain ← server. The server never reaches into the web app,
  // and the shop's words and pure rules import nothing of either.
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(#app/|(\\.\\./)+app/)", message: "server/ must not import app/: move what both need to domain/." },
            { group: ["../*", "~/*"], message: "Import other folders as #domain/… or #server/…." },
          ],
        },
      ],
    },
  },
  {
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(#app/|#server/|#tests/|\\.\\./)",
              message: "domain/ is pure and browser-safe: it imports nothing of app/ or server/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
);
