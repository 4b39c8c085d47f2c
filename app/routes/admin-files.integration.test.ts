import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { importFile } from "../../ingest-cli/pipeline/import/import-file.ts";
import { TEMPLATE_COLUMNS } from "~/models/admin-upload.server";
import { useAdminOverHttp } from "~/testing/admin-over-http";
import { buildFormulaRejectsJson, expectRejectedFormulasGuarded } from "~/testing/hostile-payloads";

const ADMIN_PASSWORD = "admin-files-test-password";

/** Bidi embeddings, overrides, isolates and marks, and C0/C1 controls: none may reach a stored or shown file name. */
const HIDDEN_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]|\p{Cc}/u;

/** One multipart body, byte for byte, so the file name reaches the server exactly as written. */
function multipart(boundary: string, fileName: string, content: string): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`, "utf8"),
    Buffer.from(content, "utf8"),
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="batchSize"\r\n\r\n100\r\n--${boundary}--\r\n`, "utf8"),
  ]);
}

describe(`files the admin area writes and names it shows, over HTTP on ${testDriver()}`, () => {
  let tempDir = "";
  let formulaRunId = 0;
  const app = useAdminOverHttp("admin-files", {
    password: ADMIN_PASSWORD,
    seed: async (handle) => {
      tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-admin-files-"));
      // JSON keeps a leading tab or CR in a cell (the CSV and xlsx readers trim them), so every trigger is stored.
      const formulas = path.join(tempDir, "formulas.json");
      fs.writeFileSync(formulas, buildFormulaRejectsJson());
      const outcome = await importFile(handle, formulas, { origin: "admin", searchEngine: null });
      expect(outcome.counters.rejected.count).toBe(7);
      formulaRunId = outcome.runId as number;
    },
  });
  afterAll(() => {
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it("/admin/reports/{id}/rejected.csv writes every formula cell guarded and the phone number intact", async () => {
    const response = await fetch(`${app.server.url}/admin/reports/${formulaRunId}/rejected.csv`, { headers: { Cookie: app.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expectRejectedFormulasGuarded(await response.text());
  });

  it("/admin/upload/template.csv goes through the same guard and still reads back as the spec's template", async () => {
    const response = await fetch(`${app.server.url}/admin/upload/template.csv`, { headers: { Cookie: app.cookie } });
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv(await response.text(), { bom: true }) as string[][];
    expect(header).toEqual([...TEMPLATE_COLUMNS]);
    expect(rows.map((row) => row[2])).toEqual(["+90 212 555 01 01", "+44 20 7946 0000"]);
    expect(rows.map((row) => row[5])).toEqual(["28.9770", "-0.0922"]);
  });

  it("an upload named with bidi controls is stored, reported and audited under a name without them", async () => {
    const names = ["evil\u202Egnp.csv", "\u2067isolate\u200Emark\u061Cand\u202Aembed\u200F\u2069.csv"];
    const expected = ["evilgnp.csv", "isolatemarkandembed.csv"];
    const answers: string[] = [];
    for (const [index, name] of names.entries()) {
      const response = await fetch(`${app.server.url}/api/upload-excel-batch`, {
        method: "POST",
        headers: {
          Cookie: app.cookie,
          Origin: app.server.url,
          "X-CSRF-Token": app.csrf,
          "Content-Type": "multipart/form-data; boundary=NameBoundary",
        },
        body: new Uint8Array(
          multipart(
            "NameBoundary",
            name,
            `name,full_address,category,country_code\r\nBidi Bakery ${index},"1 High St, London, United Kingdom",Bakery,GB\r\n`,
          ),
        ),
      });
      const result = (await response.json()) as { fileName: string; successCount: number };
      expect(response.status, JSON.stringify(result)).toBe(200);
      expect(result.successCount).toBe(1);
      answers.push(result.fileName);
    }
    expect(answers).toEqual(expected);

    const runs = await app.handle.query<{ file_name: string; report: string }>(
      "select file_name, report::text as report from import_runs where id <> $1 order by id",
      [formulaRunId],
    );
    expect(runs.map((run) => run.file_name)).toEqual(expected);
    runs.forEach((run, index) => {
      expect(run.report).toContain(`"fileName": "${expected[index]}"`);
      expect(run.report).not.toMatch(HIDDEN_CONTROLS);
    });

    const audit = await app.handle.query<{ target: string }>("select target from audit_log where action = 'upload.import' order by id");
    expect(audit.map((entry) => entry.target)).toEqual(expected);
    const sources = await app.handle.query<{ source: string }>("select source from businesses where name like 'Bidi Bakery %' order by name");
    expect(sources.map((row) => row.source)).toEqual(expected);

    // What the dashboard and the reports page show.
    const reports = await fetch(`${app.server.url}/api/admin/upload-reports`, { headers: { Cookie: app.cookie } });
    expect(reports.status).toBe(200);
    const reportsText = await reports.text();
    for (const name of expected) expect(reportsText).toContain(name);
    expect(reportsText).not.toMatch(HIDDEN_CONTROLS);
  });

  it("a run's report page shows each field's resolution rate", async () => {
    const [run] = await app.handle.query<{ id: number }>("select id::int as id from import_runs where id <> $1 order by id desc limit 1", [
      formulaRunId,
    ]);
    const page = await fetch(`${app.server.url}/admin/reports/${run!.id}`, { headers: { Cookie: app.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // The admin's default language is Turkish ("%100", the sign first): one row kept, with a country and a city, no
    // coordinates.
    expect(html).toContain("Alan çözümleme");
    expect(html).toMatch(/data-rate="country"[^]*?>%100</);
    expect(html).toMatch(/data-rate="coordinates"[^]*?>%0</);
  });
});
