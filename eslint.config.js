import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "data/**", "test-results/**", ".cache/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { process: "readonly", console: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/ingest-cli/index*", "commander"], message: "Only ingest-cli/commands and ingest-cli/index.ts may use commander." }] },
      ],
    },
  },
  {
    files: ["ingest-cli/index.ts", "ingest-cli/commands/**", "ingest-cli/testing/**"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Browser code (components, routes' default exports, utils) must never reach server-only layers.
    files: ["app/components/**", "app/utils/**", "app/root.tsx", "app/entry.client.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // db/rules is the exception: pure, I/O-free rules the browser shares (slugs, countries, the week).
              group: ["**/db/*", "!**/db/rules", "**/search/**", "**/ingest-cli/**"],
              message: "Browser code must not import db/ (except db/rules), search/ or ingest-cli/; go through app/models/*.server.ts in a loader.",
            },
          ],
        },
      ],
    },
  },
  {
    // The bottom of the stack: rules every layer shares import only each other (no I/O, no packages).
    files: ["db/rules/**"],
    ignores: ["db/rules/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(?!\\./[^/]+$)", message: "db/rules imports nothing outside db/rules (no packages, no node:, no other folder)." }] },
      ],
    },
  },
);
