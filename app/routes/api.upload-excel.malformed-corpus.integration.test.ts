// The admin upload over real HTTP, one built server for the whole malformed-file corpus: every file is refused with
// a documented code or partly imported with located rejections, the server never answers 5xx and is still healthy.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { writeMalformedCorpus, type Corpus, type CorpusCase, type CorpusExpectation } from "../../ingest-cli/testing/malformed-corpus.ts";
import {
  checkStoredRuns,
  expectForUpload,
  judgeOutcome,
  readUploadOutcome,
  type ObservedOutcome,
} from "../../ingest-cli/testing/malformed-corpus-checks.ts";
import { logInOverHttp } from "../testing/admin-calls.ts";
import { ensureBuilt, startDirectoryServer, type DirectoryServer } from "../testing/directory-server.ts";

const ADMIN = { username: "corpus-admin", password: "corpus-admin-password" };
const BATCH_EXTENSIONS = [".xlsx", ".xls", ".csv"];
const SINGLE_EXTENSIONS = [".xlsx", ".xls"];

// NOTE: one real server takes the whole corpus (300+ uploads, dozens through the spreadsheet worker), so this runs
// once, on the PostgreSQL server, where the test can read the same database the server writes. The upload path
// itself is driver-independent; api.admin-data.integration.test.ts covers it on both drivers.
describe.runIf(testDriver() === "postgres")("admin upload: the malformed-file corpus over HTTP", () => {
  let corpus: Corpus;
  let database: TestDatabase;
  let server: DirectoryServer;
  let headers: Record<string, string>;
  let businessesBefore = 0;

  beforeAll(async () => {
    await ensureBuilt();
    corpus = writeMalformedCorpus(fs.mkdtempSync(path.join(os.tmpdir(), "directory-corpus-upload-")));
    database = await createTestDatabase();
    server = await startDirectoryServer(fs.mkdtempSync(path.join(os.tmpdir(), "directory-corpus-server-")), {
      DATABASE_URL: database.url ?? "",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const { cookie, csrfToken } = await logInOverHttp(server.url, ADMIN);
    headers = { Origin: server.url, Cookie: cookie, "X-CSRF-Token": csrfToken };
    const [row] = await database.query<{ count: number }>("select count(*)::int as count from businesses");
    businessesBefore = row?.count ?? 0;
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    if (corpus) fs.rmSync(corpus.dir, { recursive: true, force: true });
  });

  async function upload(
    endpoint: string,
    entry: CorpusCase,
    name = path.basename(entry.filePath),
  ): Promise<{ status: number; observed: ObservedOutcome }> {
    const form = new FormData();
    form.set("file", new Blob([fs.readFileSync(entry.filePath)]), name);
    form.set("batchSize", "100");
    const response = await fetch(`${server.url}${endpoint}`, { method: "POST", headers, body: form });
    const body = (await response.json()) as Record<string, unknown>;
    return { status: response.status, observed: readUploadOutcome(body) };
  }

  it("POST /api/upload-excel-batch answers every file with a stable code or a partial import, writes nothing else, and stays up", async () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(300);
    const started = performance.now();
    const problems: string[] = [];
    const files: Parameters<typeof checkStoredRuns>[1] = [];
    const statuses = new Map<number, number>();
    const send = async (entry: CorpusCase, name: string, expected: CorpusExpectation): Promise<void> => {
      const { status, observed } = await upload("/api/upload-excel-batch", entry, name);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) problems.push(`${name}: HTTP ${status} ${observed.code}: ${observed.message}`);
      for (const problem of judgeOutcome(expected, observed)) problems.push(`${name} [${entry.family}]: ${problem}`);
      files.push({ fileName: name, expect: expected, observed });
    };
    // Two uploads in flight, as two admins (or two browser tabs) would send them; the server must keep both apart.
    const queue = [...corpus.cases];
    const sender = async (): Promise<void> => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        const name = path.basename(entry.filePath);
        const expected = expectForUpload(entry, BATCH_EXTENSIONS);
        await send(entry, name, expected);
        // The same bytes named .csv: the server reads content first, so JSON, NDJSON and gzip are still read as such.
        if (expected.kind === "refused" && expected.code === "INVALID_FILE_TYPE") await send(entry, `${name}.csv`, entry.expect);
      }
    };
    await Promise.all([sender(), sender()]);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    problems.push(...(await checkStoredRuns(database, files, businessesBefore)));
    console.info(
      `malformed corpus via admin upload: ${corpus.cases.length} files (${files.length} uploads), ${((performance.now() - started) / 1000).toFixed(1)} s; HTTP statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(problems).toEqual([]);
  }, 600_000);

  it("POST /api/upload-excel (workbooks only) refuses the hostile workbooks with the same codes", async () => {
    const sample = corpus.cases.filter(
      (entry) =>
        SINGLE_EXTENSIONS.includes(path.extname(entry.fileName)) && (entry.alone || entry.expect.kind === "refused") && entry.family !== "mutation",
    );
    expect(sample.length).toBeGreaterThanOrEqual(20);
    const problems: string[] = [];
    for (const entry of sample) {
      const { status, observed } = await upload("/api/upload-excel", entry);
      if (status >= 500) problems.push(`${entry.fileName}: HTTP ${status}`);
      for (const problem of judgeOutcome(expectForUpload(entry, SINGLE_EXTENSIONS), observed)) problems.push(`${entry.fileName}: ${problem}`);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(problems).toEqual([]);
  }, 300_000);
});
