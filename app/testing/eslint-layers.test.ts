// The import layers in eslint.config.js, proved on the real config: a snippet linted as if it lived in each layer
// must fail on an upward import and pass on an allowed one.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RULE = "@typescript-eslint/no-restricted-imports";

let eslint: ESLint;

/** The layer messages a one-line module at `file` gets (other rules, e.g. unused imports, are not the point here). */
async function layerProblems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === RULE || message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

const CASES: Array<{ layer: string; file: string; forbidden: string[]; allowed: string[] }> = [
  {
    layer: "db/rules (nothing)",
    file: "db/rules/layer-probe.ts",
    forbidden: ['import { getDatabase } from "../client.ts";', 'import { readFile } from "node:fs/promises";', 'import { z } from "zod";'],
    allowed: ['import { MAX_LIST_PAGE } from "./page-cap.ts";'],
  },
  {
    layer: "db (db only)",
    file: "db/queries/layer-probe.ts",
    forbidden: [
      'import { slugify } from "../../app/utils/slug.ts";',
      'import { getSearchEngine } from "../../search/index.ts";',
      'import { importFile } from "../../ingest-cli/pipeline/import/import-file.ts";',
    ],
    allowed: ['import { getDatabase } from "../client.ts";', 'import { MAX_LIST_PAGE } from "../rules/page-cap.ts";'],
  },
  {
    layer: "search (db)",
    file: "search/layer-probe.ts",
    forbidden: [
      'import { countryName } from "../app/utils/countries.ts";',
      'import { importFile } from "../ingest-cli/pipeline/import/import-file.ts";',
    ],
    allowed: ['import { getDatabase } from "../db/client.ts";', 'import { MAX_LIST_PAGE } from "../db/rules/page-cap.ts";'],
  },
  {
    layer: "ingest-cli/pipeline (db, search)",
    file: "ingest-cli/pipeline/import/layer-probe.ts",
    forbidden: ['import { NO_STORE } from "../../../app/models/cache-policy.server.ts";', 'import { runCli } from "../../commands/run-cli.ts";'],
    allowed: ['import { getDatabase } from "../../../db/client.ts";', 'import { getSearchEngine } from "../../../search/index.ts";'],
  },
  {
    layer: "app/models (not routes, commands or the HTTP host)",
    file: "app/models/layer-probe.server.ts",
    forbidden: [
      'import { loader } from "~/routes/search";',
      'import { runCli } from "../../ingest-cli/commands/run-cli.ts";',
      'import { startServer } from "../server/start-server.ts";',
    ],
    allowed: [
      'import { getDatabase } from "../../db/client.ts";',
      'import { getSearchEngine } from "../../search/index.ts";',
      'import { importFile } from "../../ingest-cli/pipeline/import/import-file.ts";',
      'import { formatCount } from "~/utils/format";',
    ],
  },
  {
    layer: "app/routes (models, components, utils)",
    file: "app/routes/layer-probe.tsx",
    forbidden: [
      'import { getDatabase } from "../../db/client.ts";',
      'import { getSearchEngine } from "../../search/index.ts";',
      'import { getDatabase } from "~/../db/client";',
    ],
    allowed: [
      'import { searchForPage } from "~/models/search.server";',
      'import { SearchBox } from "~/components/search-box";',
      'import { formatCount } from "~/utils/format";',
    ],
  },
  {
    layer: "browser code (utils, db/rules; model types only)",
    file: "app/components/layer-probe.tsx",
    forbidden: [
      'import { searchForPage } from "~/models/search.server";',
      'import { getDatabase } from "../../db/client.ts";',
      'import { getSearchEngine } from "../../search/index.ts";',
    ],
    allowed: [
      'import type { SearchHit } from "~/models/search.server";',
      'import { MAX_LIST_PAGE } from "../../db/rules/page-cap.ts";',
      'import { formatCount } from "~/utils/format";',
    ],
  },
  {
    layer: "the CLI (may start the app)",
    file: "ingest-cli/commands/layer-probe.ts",
    forbidden: [],
    allowed: ['import { NO_STORE } from "../../app/models/cache-policy.server.ts";', 'import { Command } from "commander";'],
  },
  {
    layer: "tests (across layers)",
    file: "db/queries/layer-probe.test.ts",
    forbidden: [],
    allowed: ['import { slugify } from "../../app/utils/slug.ts";', 'import { getSearchEngine } from "../../search/index.ts";'],
  },
];

describe("import layers (eslint.config.js)", () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  for (const { layer, file, forbidden, allowed } of CASES) {
    it(`${layer}: refuses upward imports, allows its own`, async () => {
      for (const source of forbidden) expect(await layerProblems(file, source), `${file}: ${source}`).toHaveLength(1);
      for (const source of allowed) expect(await layerProblems(file, source), `${file}: ${source}`).toEqual([]);
    });
  }
});
