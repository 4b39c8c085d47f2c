// An interrupted admin upload in Chromium, in TR and EN at 390 and 1280 px: uploads cut short by SIGKILLing the real
// server (the recovery at restart marks them interrupted and keeps their files) are listed on /admin/reports; Resume
// finishes one with exactly the rows a whole import gives, Discard gives another up, in the admin's language only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { openDatabase } from "../../db/client.ts";
import { writeGeneratedFile } from "../../ingest-cli/pipeline/generate/index.ts";
import { importFile } from "../../ingest-cli/pipeline/import/import-file.ts";
import { ADMIN, ADMIN_LANGUAGES, ADMIN_SIZES, expectNoSidewaysScroll, expectOnlyLanguage, openAdminContext, textIn } from "~/testing/admin-browser";
import { logInOverHttp } from "~/testing/admin-calls";
import { findChromium, launchChromium, saveScreenshot } from "~/testing/chromium";
import { startDirectoryServer, type DirectoryServer } from "~/testing/directory-server";

const sharedUrl = inject("browserBaseUrl");
const chromium = findChromium();
const ROWS = 3000;
const RUN_ROUTE = encodeURIComponent("routes/admin.reports.$runId");
const CASES = ADMIN_LANGUAGES.flatMap((language) => (["phone", "desktop"] as const).map((size) => ({ language, size })));

interface RunData {
  run: { id: number; status: string; fileName: string; inserted: number; committedThroughRow: number };
  fileKept: boolean;
}

describe.skipIf(!chromium || !sharedUrl)("an interrupted admin upload in Chromium", () => {
  let browser: Browser;
  let work: string;
  let tmpDir: string;
  let dataDir: string;
  let server: DirectoryServer | undefined;
  /** Per case: the run to resume (with the rows a whole import of its file gives) and the run to discard. */
  const runs = new Map<string, { resume: { id: number; file: string; expected: number }; discard: { id: number; file: string } }>();

  async function start(): Promise<DirectoryServer> {
    // TMPDIR: the server's own temp dir, where an upload lands while it is imported (the recovery looks there).
    server = await startDirectoryServer(dataDir, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TMPDIR: tmpDir });
    return server;
  }

  /** Sends `file` with NDJSON progress; resolves once a batch of it is committed (the upload goes on). */
  async function uploadUntilCommitted(live: DirectoryServer, session: { cookie: string; csrfToken: string }, file: string): Promise<void> {
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
      if (done) throw new Error(`the upload of ${path.basename(file)} finished before it was cut short: ${buffered}`);
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      const committed = lines
        .map((line) => JSON.parse(line) as { type: string; committedRows?: number })
        .some((line) => line.type === "progress" && (line.committedRows ?? 0) > 0);
      if (committed) break;
      const result = lines.find((line) => line.includes('"type":"result"'));
      if (result) throw new Error(`the upload of ${path.basename(file)} ended before it was cut short: ${result}`);
    }
    // NOTE: the body stays unread; the SIGKILL that follows ends the response.
    void reader.closed.catch(() => undefined);
  }

  beforeAll(async () => {
    browser = await launchChromium();
    work = fs.mkdtempSync(path.join(os.tmpdir(), "directory-interrupted-browser-"));
    tmpDir = path.join(work, "tmp");
    dataDir = path.join(work, "data");
    fs.mkdirSync(tmpDir, { recursive: true });
    // Two files per case, generated (seeded) with names that are data, not interface text.
    const files = CASES.flatMap(({ language, size }, index) =>
      (["resume", "discard"] as const).map((kind, k) => ({
        key: `${language}-${size}`,
        kind,
        file: path.join(work, `kesik-${language}-${ADMIN_SIZES[size].width}-${kind === "resume" ? "a" : "b"}.csv`),
        seed: 300 + index * 2 + k,
      })),
    );
    for (const { file, seed } of files) await writeGeneratedFile({ rows: ROWS, seed, messy: 0, out: file, format: "csv" });
    // The reference: what each file to resume gives when nothing interrupts it.
    const expected = new Map<string, number>();
    const reference = await openDatabase({});
    try {
      for (const { file, kind } of files)
        if (kind === "resume") expected.set(file, (await importFile(reference, file, { dryRun: true, searchEngine: null })).counters.inserted);
    } finally {
      await reference.close();
    }
    // One upload at a time (the server runs one import at a time): past its first committed batch, the server is
    // SIGKILLed; the restart's recovery marks the run interrupted and keeps its upload under DATA_DIR.
    let live = await start();
    for (const { file } of files) {
      await uploadUntilCommitted(live, await logInOverHttp(live.url, ADMIN), file);
      await live.kill("SIGKILL");
      live = await start();
    }
    const again = live;
    const { context } = await openAdminContext(browser, again.url, "en", "desktop");
    const listed = await context.request.get(`${again.url}/admin/reports?_data=${encodeURIComponent("routes/admin.reports._index")}`);
    const history = ((await listed.json()) as { history: { runs: Array<{ id: number; fileName: string; status: string }> } }).history.runs;
    await context.close();
    for (const { key, kind, file } of files) {
      const run = history.find((entry) => entry.fileName === path.basename(file));
      expect(run?.status, path.basename(file)).toBe("interrupted");
      const entry = runs.get(key) ?? { resume: { id: 0, file: "", expected: 0 }, discard: { id: 0, file: "" } };
      if (kind === "resume") entry.resume = { id: run?.id as number, file, expected: expected.get(file) as number };
      else entry.discard = { id: run?.id as number, file };
      runs.set(key, entry);
    }
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  for (const { language, size } of CASES)
    it(`resumes one interrupted upload to its full count and discards another (${language}, ${ADMIN_SIZES[size].width} px)`, async () => {
      const t = textIn(language);
      const live = server as DirectoryServer;
      const { resume, discard } = runs.get(`${language}-${size}`) as NonNullable<ReturnType<typeof runs.get>>;
      const { context } = await openAdminContext(browser, live.url, language, size);
      const runData = async (id: number) =>
        (await (await context.request.get(`${live.url}/admin/reports/${id}?_data=${RUN_ROUTE}`)).json()) as RunData;
      const number = (value: number) => value.toLocaleString(language === "tr" ? "tr-TR" : "en-US");
      const page = await context.newPage();

      // The list says which runs were interrupted and where they stopped.
      await page.goto(`${live.url}/admin/reports`, { waitUntil: "networkidle" });
      const resumeRow = page.getByText(path.basename(resume.file)).first();
      await resumeRow.waitFor();
      expect(await page.getByText(t("reports.status.interrupted")).count()).toBeGreaterThan(0);
      await expectOnlyLanguage(page, language, "reports with interrupted runs");
      await expectNoSidewaysScroll(page, "reports with interrupted runs");
      await saveScreenshot(page, `admin-interrupted-list-${language}`, size);

      // Resume: the run goes on from its kept file and ends with exactly the rows a whole import gives.
      const before = await runData(resume.id);
      expect(before.fileKept).toBe(true);
      await page.goto(`${live.url}/admin/reports/${resume.id}`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: t("run.interrupted.title") }).waitFor();
      await page.getByText(t("run.interrupted.kept", { line: number(before.run.committedThroughRow) })).waitFor();
      await expectOnlyLanguage(page, language, "an interrupted run");
      await expectNoSidewaysScroll(page, "an interrupted run");
      await saveScreenshot(page, `admin-interrupted-run-${language}`, size);
      await page.getByRole("button", { name: t("run.resume"), exact: true }).click();
      await expect.poll(async () => (await runData(resume.id)).run.status, { timeout: 60_000, interval: 250 }).toBe("succeeded");
      expect((await runData(resume.id)).run.inserted).toBe(resume.expected);
      await page.reload({ waitUntil: "networkidle" });
      await page.getByText(t("dashboard.success")).first().waitFor();
      expect(await page.getByRole("button", { name: t("run.resume"), exact: true }).count()).toBe(0);
      expect(await page.locator("main").innerText()).toContain(number(resume.expected));
      await expectOnlyLanguage(page, language, "a resumed run");
      await expectNoSidewaysScroll(page, "a resumed run");

      // Discard: confirmed in the language, the run is given up and its kept file deleted; nothing to resume.
      await page.goto(`${live.url}/admin/reports/${discard.id}`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: t("run.interrupted.title") }).waitFor();
      const confirmed = new Promise<string>((resolve) =>
        page.once("dialog", (dialog) => {
          resolve(dialog.message());
          void dialog.accept();
        }),
      );
      await page.getByRole("button", { name: t("run.discard"), exact: true }).click();
      expect(await confirmed).toBe(t("run.discardConfirm", { id: discard.id }));
      const discardedLine = (await runData(discard.id)).run.committedThroughRow;
      await page.getByText(t("run.discardedText", { line: number(discardedLine) })).waitFor();
      expect((await runData(discard.id)).run.status).toBe("discarded");
      expect((await runData(discard.id)).fileKept).toBe(false);
      expect(await page.getByRole("button", { name: t("run.discard"), exact: true }).count()).toBe(0);
      expect(await page.getByRole("button", { name: t("run.resume"), exact: true }).count()).toBe(0);
      await expectOnlyLanguage(page, language, "a discarded run");
      await expectNoSidewaysScroll(page, "a discarded run");
      await page.goto(`${live.url}/admin/reports`, { waitUntil: "networkidle" });
      await page.getByText(path.basename(discard.file)).first().waitFor();
      expect(await page.getByText(t("reports.status.discarded")).count()).toBeGreaterThan(0);
      await expectOnlyLanguage(page, language, "reports after resume and discard");
      await context.close();
    }, 120_000);
});
