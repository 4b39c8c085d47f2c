// The real server SIGKILLed during an admin upload, from outside: the run is left running with its temp file; after a
// restart it is interrupted at its line, the counts equal a recount, the upload is kept under DATA_DIR (temp dir
// gone), /admin/reports shows it; Resume (POST, CSRF) finishes it with exactly the file's rows; Discard gives one up;
// uploading the same file again continues the run (the default) or imports it anew (interrupted=restart).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.ts";
import { countAggregateDrift } from "../../db/testing/consistency.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { writeGeneratedFile } from "../../ingest-cli/pipeline/generate/index.ts";
import { importFile } from "../../ingest-cli/pipeline/import/import-file.ts";
import { logInOverHttp } from "../testing/admin-calls.ts";
import { ensureBuilt, startDirectoryServer, type DirectoryServer } from "../testing/directory-server.ts";

const ADMIN = { username: "recovery-admin", password: "recovery-admin-password" };
const ROWS = 8000;
const RUN_ROUTE = encodeURIComponent("routes/admin.reports.$runId");
const LIST_ROUTE = encodeURIComponent("routes/admin.reports._index");

interface RunRow {
  status: string;
  line: number;
  uploadPath: string | null;
  totalRows: number;
  inserted: number;
  error: string | null;
}

describe(`a server killed during an admin upload, on ${testDriver()}`, () => {
  let work: string;
  let dataDir: string;
  let tmpDir: string;
  let serverDatabase: TestDatabase | undefined;
  let server: DirectoryServer | undefined;
  let session: { cookie: string; csrfToken: string };
  const files = { resume: "", discard: "", again: "" };
  let expected = 0;

  beforeAll(async () => {
    await ensureBuilt();
    work = fs.mkdtempSync(path.join(os.tmpdir(), "directory-server-kill-"));
    dataDir = path.join(work, "data");
    tmpDir = path.join(work, "tmp");
    fs.mkdirSync(tmpDir, { recursive: true });
    files.resume = path.join(work, "resume.csv");
    files.discard = path.join(work, "discard.csv");
    files.again = path.join(work, "again.csv");
    await writeGeneratedFile({ rows: ROWS, seed: 61, messy: 0, out: files.resume, format: "csv" });
    await writeGeneratedFile({ rows: ROWS, seed: 62, messy: 0, out: files.discard, format: "csv" });
    await writeGeneratedFile({ rows: ROWS, seed: 63, messy: 0, out: files.again, format: "csv" });
    // The reference: what the whole file gives when nothing interrupts it.
    const reference = await openDatabase({});
    try {
      expected = (await importFile(reference, files.resume, { dryRun: true, searchEngine: null })).counters.inserted;
    } finally {
      await reference.close();
    }
    expect(expected).toBeGreaterThan(ROWS * 0.95);
    if (testDriver() === "postgres") serverDatabase = await createTestDatabase();
  }, 300_000);

  afterAll(async () => {
    await server?.kill("SIGKILL");
    await serverDatabase?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  async function start(): Promise<void> {
    server = await startDirectoryServer(dataDir, {
      ...(serverDatabase?.url ? { DATABASE_URL: serverDatabase.url } : {}),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // The server's own temp dir (os.tmpdir()), where the upload lands while it is imported.
      TMPDIR: tmpDir,
    });
    session = await logInOverHttp(server.url, ADMIN);
  }

  /** The database the server uses; PGlite allows one process per data dir, so only while the server is down. */
  async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    if (serverDatabase) return work(serverDatabase);
    const handle = await openDatabase({ dataDir });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  }

  const readRun = (handle: DatabaseHandle, id: number) =>
    handle
      .query<RunRow>(
        `select status, committed_through_row as line, upload_path as "uploadPath", total_rows as "totalRows", inserted_count as inserted, error
           from import_runs where id = $1`,
        [id],
      )
      .then((rows) => rows[0]);

  const tempUploads = () => fs.readdirSync(tmpDir).filter((entry) => entry.startsWith("directory-upload-"));
  const keptUploads = () =>
    fs.existsSync(path.join(dataDir, "interrupted-uploads")) ? fs.readdirSync(path.join(dataDir, "interrupted-uploads")) : [];

  /** Uploads `file` with NDJSON progress and SIGKILLs the server right after the first committed batch. */
  async function uploadAndKill(file: string): Promise<{ runId: number }> {
    const live = server as DirectoryServer;
    const form = new FormData();
    form.set("file", new Blob([fs.readFileSync(file)]), path.basename(file));
    form.set("batchSize", "100");
    const response = await fetch(`${live.url}/api/upload-excel-batch`, {
      method: "POST",
      headers: { Origin: live.url, Cookie: session.cookie, "X-CSRF-Token": session.csrfToken, Accept: "application/x-ndjson" },
      body: form,
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffered = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the upload finished before a batch was seen: ${buffered}`);
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      const progress = lines
        .map((line) => JSON.parse(line) as { type: string; committedRows?: number })
        .find((line) => line.type === "progress" && (line.committedRows ?? 0) > 0);
      if (progress) break;
    }
    await live.kill("SIGKILL");
    await reader.cancel().catch(() => undefined);
    server = undefined;
    return withDatabase(async (handle) => {
      const [run] = await handle.query<{ id: number }>("select id::int as id from import_runs order by id desc limit 1");
      return { runId: run?.id as number };
    });
  }

  /** Uploads `file` whole (plain JSON answer) with the given form options. */
  async function uploadWhole(file: string, options: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
    const live = server as DirectoryServer;
    const form = new FormData();
    form.set("file", new Blob([fs.readFileSync(file)]), path.basename(file));
    form.set("batchSize", "500");
    for (const [key, value] of Object.entries(options)) form.set(key, value);
    const response = await fetch(`${live.url}/api/upload-excel-batch`, {
      method: "POST",
      headers: { Origin: live.url, Cookie: session.cookie, "X-CSRF-Token": session.csrfToken },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** GET a route's loader data (Remix `_data`) as the logged-in admin. */
  async function routeData<T>(pathname: string, routeId: string): Promise<T> {
    const live = server as DirectoryServer;
    const response = await fetch(`${live.url}${pathname}?_data=${routeId}`, { headers: { Cookie: session.cookie } });
    expect(response.status, pathname).toBe(200);
    return (await response.json()) as T;
  }

  /** POST the run page's form (intent + _csrf) as the browser does. */
  async function postRunAction(runId: number, intent: "resume" | "discard"): Promise<{ status: number; body: Record<string, unknown> }> {
    const live = server as DirectoryServer;
    const response = await fetch(`${live.url}/admin/reports/${runId}?_data=${RUN_ROUTE}`, {
      method: "POST",
      headers: { Origin: live.url, Cookie: session.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent, _csrf: session.csrfToken }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** After the kill: still `running` under the dead server, its upload in the temp dir, the public counts stale. */
  async function expectLeftRunning(runId: number): Promise<number> {
    return withDatabase(async (handle) => {
      // NOTE: a COMMIT the killed server had already sent still completes on a PostgreSQL server after the kill:
      // the line the run reached is the one that stays put.
      let run = await readRun(handle, runId);
      for (let settled = false, tries = 0; !settled && tries < 40; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const again = await readRun(handle, runId);
        settled = again?.line === run?.line;
        run = again;
      }
      expect(run?.status).toBe("running");
      expect(run?.line).toBeGreaterThan(1);
      expect(run?.uploadPath).toMatch(/directory-upload-/);
      expect(fs.existsSync(run?.uploadPath as string)).toBe(true);
      expect(tempUploads()).toHaveLength(1);
      expect(await countAggregateDrift(handle)).toBeGreaterThan(0);
      return run?.line as number;
    });
  }

  /** After the restart: interrupted at the same line, counts == recount, upload kept under DATA_DIR, temp dir gone. */
  async function expectInterrupted(runId: number, line: number): Promise<void> {
    const list = await routeData<{ history: { runs: Array<{ id: number; status: string; committedThroughRow: number }> } }>(
      "/admin/reports",
      LIST_ROUTE,
    );
    expect(list.history.runs.find((run) => run.id === runId)).toMatchObject({ status: "interrupted", committedThroughRow: line });
    const page = await routeData<{ run: { status: string; uploadPath?: string }; fileKept: boolean }>(`/admin/reports/${runId}`, RUN_ROUTE);
    expect(page.fileKept).toBe(true);
    expect(page.run.status).toBe("interrupted");
    expect(page.run.uploadPath).toBeUndefined();
    // The page itself (default language Turkish): the state, both actions as CSRF-carrying forms, no server path.
    const html = await (await fetch(`${server?.url}/admin/reports/${runId}`, { headers: { Cookie: session.cookie } })).text();
    expect(html).toContain("Bu içe aktarma yarıda kesildi");
    expect(html).toMatch(/name="intent" value="resume"[^>]*>Devam et</);
    expect(html).toMatch(/name="intent" value="discard"[^>]*>Vazgeç</);
    expect(html).toContain(`name="_csrf" value="${session.csrfToken}"`);
    expect(html).not.toContain("interrupted-uploads");
    await server?.kill("SIGTERM");
    server = undefined;
    await withDatabase(async (handle) => {
      const run = await readRun(handle, runId);
      expect(run).toMatchObject({ status: "interrupted", line, uploadPath: path.join(dataDir, "interrupted-uploads", `run-${runId}.csv`) });
      expect(run?.error).toContain(`rows up to line ${line} are saved`);
      expect(await countAggregateDrift(handle)).toBe(0);
      const [audit] = await handle.query<{ actor: string }>("select actor from audit_log where action = 'import-run.interrupted' and target = $1", [
        `import-run:${runId}`,
      ]);
      expect(audit?.actor).toBe("system");
    });
    expect(tempUploads()).toEqual([]);
    expect(keptUploads()).toEqual([`run-${runId}.csv`]);
  }

  it(
    "marks the killed upload interrupted at its line on restart, and Resume finishes it with exactly the file's rows",
    { timeout: 300_000 },
    async () => {
      await start();
      const { runId } = await uploadAndKill(files.resume);
      const line = await expectLeftRunning(runId);

      const leftBytes = tempUploads().reduce(
        (sum, dir) =>
          sum + fs.readdirSync(path.join(tmpDir, dir)).reduce((total, entry) => total + fs.statSync(path.join(tmpDir, dir, entry)).size, 0),
        0,
      );
      const restarted = performance.now();
      await start();
      const restartMs = performance.now() - restarted;
      await expectInterrupted(runId, line);

      await start();
      const resumeStarted = performance.now();
      const resumed = await postRunAction(runId, "resume");
      expect(resumed).toEqual({ status: 200, body: { success: true, intent: "resume", resumedFromRow: line } });
      let page: { run: { status: string; totalRows: number; inserted: number } };
      const deadline = Date.now() + 240_000;
      do {
        await new Promise((resolve) => setTimeout(resolve, 500));
        page = await routeData(`/admin/reports/${runId}`, RUN_ROUTE);
      } while (page.run.status === "running" && Date.now() < deadline);
      expect(page.run).toMatchObject({ status: "succeeded", totalRows: ROWS, inserted: expected });
      console.info(
        `server kill: ${(fs.statSync(files.resume).size / 1048576).toFixed(1)} MB upload killed after line ${line}, ${(leftBytes / 1048576).toFixed(1)} MB left in the temp dir; ` +
          `restart with recovery ${(restartMs / 1000).toFixed(1)} s; resume finished ${ROWS - line + 1} rows in ${((performance.now() - resumeStarted) / 1000).toFixed(1)} s`,
      );
      // A second Resume of a finished run is refused with a reason, not run twice.
      expect(await postRunAction(runId, "resume")).toMatchObject({ status: 409, body: { code: "IMPORT_RUN_NOT_INTERRUPTED" } });
      await server?.kill("SIGTERM");
      server = undefined;
      await withDatabase(async (handle) => {
        expect(await readRun(handle, runId)).toMatchObject({ status: "succeeded", uploadPath: null, totalRows: ROWS, inserted: expected });
        const [stored] = await handle.query<{ n: number; identities: number }>(
          "select count(*)::int as n, count(distinct identity_key)::int as identities from businesses where not is_test",
        );
        expect(stored).toEqual({ n: expected, identities: expected });
        expect(await countAggregateDrift(handle)).toBe(0);
        const actions = await handle.query<{ action: string }>("select action from audit_log where target = $1 order by id", [`import-run:${runId}`]);
        expect(actions.map((row) => row.action)).toEqual(["import-run.interrupted", "import-run.resume", "import-run.resume-finished"]);
      });
      expect(keptUploads()).toEqual([]);
      expect(tempUploads()).toEqual([]);
    },
  );

  it("Discard gives a killed upload up: its saved rows stay, its kept file goes, the counts equal a recount", { timeout: 300_000 }, async () => {
    await start();
    const { runId } = await uploadAndKill(files.discard);
    const line = await expectLeftRunning(runId);
    const before = await withDatabase(async (handle) => (await handle.query<{ n: number }>("select count(*)::int as n from businesses"))[0]?.n ?? 0);

    await start();
    await expectInterrupted(runId, line);

    await start();
    expect(await postRunAction(runId, "discard")).toEqual({
      status: 200,
      body: { success: true, intent: "discard", committedThroughRow: line, refreshed: false },
    });
    const page = await routeData<{ run: { status: string }; fileKept: boolean }>(`/admin/reports/${runId}`, RUN_ROUTE);
    expect(page).toMatchObject({ run: { status: "discarded" }, fileKept: false });
    expect(await postRunAction(runId, "resume")).toMatchObject({ status: 409, body: { code: "IMPORT_RUN_NOT_INTERRUPTED" } });
    await server?.kill("SIGTERM");
    server = undefined;
    await withDatabase(async (handle) => {
      expect(await readRun(handle, runId)).toMatchObject({ status: "discarded", uploadPath: null, line });
      const [stored] = await handle.query<{ n: number }>("select count(*)::int as n from businesses");
      expect(stored?.n).toBe(before);
      expect(await countAggregateDrift(handle)).toBe(0);
    });
    expect(keptUploads()).toEqual([]);
  });

  it(
    "uploading the killed file again with interrupted=restart imports it anew; uploading it with the default continues the killed run",
    { timeout: 300_000 },
    async () => {
      const runs = (handle: DatabaseHandle) =>
        handle.query<{ id: number; status: string; line: number; totalRows: number; inserted: number; unchanged: number }>(
          `select id::int as id, status, committed_through_row as line, total_rows as "totalRows", inserted_count as inserted,
                  unchanged_count as unchanged
             from import_runs where file_name = 'again.csv' order by id`,
        );
      const stored = (handle: DatabaseHandle) =>
        handle
          .query<{ n: number; identities: number }>(
            "select count(*)::int as n, count(distinct identity_key)::int as identities from businesses where not is_test",
          )
          .then((rows) => rows[0]);
      const before = await withDatabase(async (handle) => (await stored(handle))?.n ?? 0);
      const reference = await openDatabase({});
      const fileRows = await importFile(reference, files.again, { dryRun: true, searchEngine: null })
        .then((result) => result.counters.inserted)
        .finally(() => reference.close());

      await start();
      const killed = await uploadAndKill(files.again);
      const line = await expectLeftRunning(killed.runId);
      const saved = await withDatabase(async (handle) => (await runs(handle)).find((run) => run.id === killed.runId)?.inserted ?? 0);
      expect(saved).toBeGreaterThan(0);
      await start();

      // Restart: a new run reads the file from its first line; the rows the killed run saved are found unchanged.
      const restarted = await uploadWhole(files.again, { interrupted: "restart" });
      expect(restarted.status).toBe(200);
      expect(restarted.body).toMatchObject({ success: true, totalRows: ROWS });
      const restartRun = Number(restarted.body.runId);
      expect(restartRun).not.toBe(killed.runId);

      // The default: the killed run (still interrupted) continues after its saved line; every row is stored already.
      const continued = await uploadWhole(files.again, {});
      expect(continued.status).toBe(200);
      expect(continued.body).toMatchObject({ success: true, runId: killed.runId, totalRows: ROWS });
      await server?.kill("SIGTERM");
      server = undefined;
      await withDatabase(async (handle) => {
        const all = await runs(handle);
        expect(all.map((run) => run.id)).toEqual([killed.runId, restartRun]);
        expect(all[1]).toMatchObject({ status: "succeeded", totalRows: ROWS, inserted: fileRows - saved, unchanged: saved });
        expect(all[0]).toMatchObject({ status: "succeeded", totalRows: ROWS, inserted: saved, unchanged: fileRows - saved });
        expect(await stored(handle)).toEqual({ n: before + fileRows, identities: before + fileRows });
        expect(await countAggregateDrift(handle)).toBe(0);
      });
      expect(keptUploads()).toEqual([]);
      console.info(`re-upload: killed after line ${line} with ${saved} rows saved; restarted as run ${restartRun}, then the killed run continued`);
    },
  );
});
