// The built server over HTTP: an admin upload takes the CLI's options — validate only (nothing written, audited as a
// validation), test data, and skip for businesses already stored — and refuses an unknown option value with a clear code.
import { describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { useAdminOverHttp } from "~/testing/admin-over-http";

const ADMIN_PASSWORD = "upload-options-password";
const HEADER = "name,category,full_address,city,country_code,phone,place_id";
const rows = (phone: string) =>
  [1, 2, 3].map((i) => `Options Bakery ${i},Bakery,Ringstraße ${i},Graz,AT,${phone}${i},upload-options-${i}`).join("\n");

describe(`admin upload options over HTTP on ${testDriver()}`, () => {
  const app = useAdminOverHttp("upload-options", { password: ADMIN_PASSWORD });

  async function upload(csv: string, options: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
    const form = new FormData();
    form.set("file", new File([csv], "options.csv", { type: "text/csv" }));
    form.set("batchSize", "100");
    for (const [key, value] of Object.entries(options)) form.set(key, value);
    const response = await app.admin("/api/upload-excel-batch", { method: "POST", body: form });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const stored = () =>
    app.handle.query<{ name: string; phone: string | null; is_test: boolean }>(
      "select name, phone, is_test from businesses where place_id like 'upload-options-%' order by place_id",
    );

  it("validates without writing, imports as test data, then skips the stored businesses on request", async () => {
    const dry = await upload(`${HEADER}\n${rows("+43 316 1000")}\n`, { dryRun: "1" });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ success: true, dryRun: true, totalRows: 3, successCount: 3 });
    expect(await stored()).toEqual([]);
    const [validation] = await app.handle.query<{ action: string; row_count: number }>(
      "select action, row_count from audit_log where target = 'options.csv' order by id desc limit 1",
    );
    expect(validation).toEqual({ action: "upload.validate", row_count: 0 });

    const first = await upload(`${HEADER}\n${rows("+43 316 1000")}\n`, { testData: "1" });
    expect(first.body).toMatchObject({ success: true, dryRun: false, successCount: 3 });
    expect((await stored()).map((row) => row.is_test)).toEqual([true, true, true]);
    const before = await stored();

    // The same businesses with new phones: skip leaves them as stored; update rewrites them.
    const skipped = await upload(`${HEADER}\n${rows("+43 316 2000")}\n`, { onDuplicate: "skip", testData: "1" });
    expect(skipped.status).toBe(200);
    expect(await stored()).toEqual(before);
    await upload(`${HEADER}\n${rows("+43 316 2000")}\n`, { onDuplicate: "update", testData: "1" });
    expect((await stored()).map((row) => row.phone)).toEqual(["+43 316 20001", "+43 316 20002", "+43 316 20003"]);
  });

  it("refuses an unknown option value before reading the file, naming the options", async () => {
    for (const [key, value] of [
      ["dryRun", "yes"],
      ["onDuplicate", "replace"],
      ["testData", "true"],
      ["interrupted", "later"],
    ]) {
      const answer = await upload(`${HEADER}\n${rows("+43 316 3000")}\n`, { [key as string]: value as string });
      expect(answer.status, key).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: "INVALID_UPLOAD_OPTION" });
      expect(String(answer.body.message)).toContain(key as string);
    }
  });
});
