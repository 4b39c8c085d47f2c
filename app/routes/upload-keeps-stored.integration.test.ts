import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { BAD_WARNING_COUNT, badCsv, expectedBusinesses, goodCsv, readKeepTestBusinesses } from "../../ingest-cli/testing/bad-reimport.ts";
import { logInOverHttp } from "~/testing/admin-calls";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const ADMIN_PASSWORD = "upload-keeps-stored-password";

describe(`an admin upload with rejected cells keeps the stored values and counts the warnings, over HTTP on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer;
  let cookie = "";
  let csrf = "";

  beforeAll(async () => {
    database = await useFreshProcessDatabase("upload-keeps-stored");
    handle = database.handle;
    await upsertAdminUser(handle, "admin", ADMIN_PASSWORD);
    server = await startBuiltApp();
    ({ cookie, csrfToken: csrf } = await logInOverHttp(server.url, { username: "admin", password: ADMIN_PASSWORD }));
  });
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });

  async function upload(name: string, csv: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const form = new FormData();
    form.set("file", new Blob([csv], { type: "text/csv" }), name);
    form.set("batchSize", "100");
    const response = await fetch(`${server.url}/api/upload-excel-batch`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url, "X-CSRF-Token": csrf },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("good file, then the same businesses with a bad latitude, rating, hours…: values kept, warnings counted", async () => {
    const first = await upload("good.csv", goodCsv());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ successCount: 9 });

    const second = await upload("bad.csv", badCsv());
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await readKeepTestBusinesses(handle)).toEqual(expectedBusinesses("bad"));
    expect(first.body.warningCount).toBe(0);
    // The toast adds up warningCount over the files; the report card shows warningSummary.
    expect(second.body).toMatchObject({ totalRows: 9, successCount: 8, errorCount: 1, warningCount: BAD_WARNING_COUNT });
    expect(second.body.message).toBe("Imported 8 of 9 rows: 0 new, 2 updated, 6 unchanged, 0 skipped, 1 rejected.");
    expect(second.body.warningSummary).toMatch(/^8 warnings: 2 COORDINATES_INCOMPLETE latitude \(lines 2, 6\), 2 HOURS_UNREADABLE working_hours/);

    const [audit] = await handle.query<{ details: { warningCount?: number } }>(
      "select details from audit_log where action = 'upload.import' order by id desc limit 1",
    );
    expect(audit?.details.warningCount).toBe(BAD_WARNING_COUNT);
  });
});
