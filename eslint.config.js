import js from "@eslint/js";
import tseslint from "typescript-eslint";

const COMMANDER = { group: ["**/ingest-cli/index*", "commander"], message: "Only ingest-cli/commands and ingest-cli/index.ts may use commander." };

// The layers, bottom up: db/rules (pure rules) → db (SQL) → search → ingest-cli/pipeline → app/models → app/routes;
// browser code sees only app/utils and db/rules. Each regex names an import that would run upward.
// NOTE: a later config object replaces an earlier one's rule options, so each layer repeats COMMANDER. The
// typescript-eslint variant of no-restricted-imports is used for its allowTypeImports: browser code may name a
// loader's types (erased at build), never its values.
const UP = {
  packages: { regex: "^[^.]", message: "db/rules is dependency-free (no packages, no node: I/O): pure rules only." },
  outOfRules: { regex: "^\\.\\./", message: "db/rules imports nothing outside db/rules." },
  app: { regex: "(^|/)app/|^~/", message: "Lower layers must not import app/: move the shared rule down (db/rules) or pass it in." },
  search: { regex: "(^|/)search/", message: "db must not import search/: search builds on db, not the other way round." },
  ingest: { regex: "(^|/)ingest-cli/", message: "Only the CLI (ingest-cli/commands, ingest-cli/index.ts) and its tests import ingest-cli/." },
  commands: { regex: "(^|/)commands/", message: "The pipeline must not import ingest-cli/commands: commands call the pipeline." },
  routeReach: {
    regex: "(^|/)(db|search|ingest-cli|server)/|^~/(?!models/|components/|utils/|[^/]+\\.css$)",
    message: "Routes import app/models (one *.server.ts call), components and utils only; SQL, search and the pipeline go through a model.",
  },
  modelReach: {
    regex: "(^|/)(routes|commands|server)/",
    message: "Models must not import routes, ingest-cli/commands or app/server: those call models, not the other way round.",
  },
  browserDb: { regex: "(^|/)db/(?!rules/)", message: "Browser code may import db/rules only; go through app/models/*.server.ts in a loader." },
  browserServer: {
    regex: "(^|/)(search|ingest-cli|server)/",
    message: "Browser code must not import search/, ingest-cli/ or app/server/; go through a loader.",
  },
  browserValues: {
    regex: "(^|/)(models|routes)/",
    allowTypeImports: true,
    message: "Browser code imports app/utils and db/rules only; a model's or a route's types may be imported with `import type`.",
  },
};

const restrict = (...patterns) => ({
  "no-restricted-imports": "off",
  "@typescript-eslint/no-restricted-imports": ["error", { patterns: [COMMANDER, ...patterns] }],
});
/** Tests and test support may reach across layers (seed a database, start the app, spawn the CLI). */
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/testing/**"];

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "data/**", "test-results/**", ".cache/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { process: "readonly", console: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      ...restrict(),
    },
  },
  { files: ["db/**"], ignores: [...TESTS, "db/rules/**"], rules: restrict(UP.app, UP.search, UP.ingest) },
  { files: ["db/rules/**"], ignores: TESTS, rules: restrict(UP.packages, UP.outOfRules) },
  { files: ["search/**"], ignores: [...TESTS], rules: restrict(UP.app, UP.ingest) },
  { files: ["ingest-cli/pipeline/**"], ignores: [...TESTS], rules: restrict(UP.app, UP.commands) },
  { files: ["app/models/**"], ignores: TESTS, rules: restrict(UP.modelReach) },
  // NOTE: root.tsx is a route module too (its loader calls a model), so it gets the routes' rule, which keeps it
  // away from db/, search/ and ingest-cli/ as the browser rule did.
  { files: ["app/routes/**", "app/root.tsx"], ignores: TESTS, rules: restrict(UP.routeReach) },
  {
    // Browser code (components, utils, the client entry) must never reach server-only layers.
    files: ["app/components/**", "app/utils/**", "app/entry.client.tsx"],
    ignores: TESTS,
    rules: restrict(UP.browserDb, UP.browserServer, UP.browserValues),
  },
  {
    // The CLI may import anything, app/server included (the one upward import: the CLI starts the app); tests too.
    files: ["ingest-cli/index.ts", "ingest-cli/commands/**", ...TESTS],
    rules: { "no-restricted-imports": "off", "@typescript-eslint/no-restricted-imports": "off" },
  },
);
