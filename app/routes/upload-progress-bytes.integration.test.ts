// The built server over HTTP: an admin upload's NDJSON progress lines say how far into the file (its bytes) the
// committed rows reach, so the upload page shows a determinate percent while importing, for CSV and XLSX alike.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { useAdminOverHttp } from "~/testing/admin-over-http";

const ADMIN_PASSWORD = "upload-progress-password";
const ROWS = 600;
const XLSX_ROWS = 2000;

interface ProgressLine {
  type: string;
  committedRows?: number;
  bytesRead?: number;
  totalBytes?: number;
}

describe(`admin upload progress by bytes on ${testDriver()}`, () => {
  const app = useAdminOverHttp("upload-progress-bytes", { password: ADMIN_PASSWORD });

  async function uploadStreaming(file: File): Promise<ProgressLine[]> {
    const form = new FormData();
    form.set("file", file);
    form.set("batchSize", "100");
    const { url } = app.server;
    const response = await fetch(`${url}/api/upload-excel-batch`, {
      method: "POST",
      headers: { Cookie: app.cookie, Origin: url, "X-CSRF-Token": app.csrf, Accept: "application/x-ndjson" },
      body: form,
    });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as ProgressLine);
    expect(lines.at(-1)).toMatchObject({ type: "result", status: 200 });
    return lines.filter((line) => line.type === "progress");
  }

  function expectByteProgress(progress: ProgressLine[], size: number, rows: number): void {
    expect(progress.length).toBeGreaterThanOrEqual(2);
    for (const line of progress) expect(line.totalBytes).toBe(size);
    const read = progress.map((line) => line.bytesRead ?? -1);
    expect([...read].sort((a, b) => a - b)).toEqual(read);
    expect(read[0]).toBeGreaterThan(0);
    expect(read[0]).toBeLessThan(size);
    expect(read.at(-1)).toBe(size);
    expect(progress.at(-1)?.committedRows).toBe(rows);
  }

  it("a CSV: each committed batch reports the bytes of the file its rows reach", async () => {
    // NOTE: a padded column keeps the file larger than one 64 KB read, so a first batch lies inside it.
    const header = "name,category,full_address,city,country_code,place_id,notes";
    const pad = "x".repeat(200);
    const body = Array.from({ length: ROWS }, (_, i) => `Progress Bakery ${i},Bakery,Ringstraße ${i},Graz,AT,upload-progress-${i},${pad}`);
    const csv = `${header}\n${body.join("\n")}\n`;
    expectByteProgress(await uploadStreaming(new File([csv], "progress.csv", { type: "text/csv" })), Buffer.byteLength(csv), ROWS);
  });

  it("an XLSX: the share of its sheet, in bytes of the file", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Sheet1");
    const extra = Array.from({ length: 24 }, (_, i) => `measure_${i}`);
    sheet.addRow(["name", "category", "full_address", "city", "country_code", "place_id", ...extra]);
    // NOTE: numbers are stored in the sheet itself (text goes to the shared strings): enough random ones keep its packed
    // bytes above one 256 KB read, so a first batch lies inside the file.
    let seed = 1;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < XLSX_ROWS; i++) {
      sheet.addRow([`Sheet Bakery ${i}`, "Bakery", `Ringstraße ${i}`, "Graz", "AT", `xlsx-progress-${i}`, ...extra.map(() => random())]);
    }
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const file = new File([buffer], "progress.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    expectByteProgress(await uploadStreaming(file), buffer.length, XLSX_ROWS);
  });
});
