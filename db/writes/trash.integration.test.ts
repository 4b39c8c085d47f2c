// A business restored from the trash → it counts as changed now (updated_at), so everything that scans by updated_at
// (the search index's catch-up after an outage, sitemaps' last-modified) picks it up like any other write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPublicFixtures } from "../../ingest-cli/testing/public-fixtures.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../testing/test-database.ts";
import { deleteBusinessById } from "./admin-businesses.ts";
import { restoreFromTrash } from "./trash.ts";

describe(`restoring from the trash on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedPublicFixtures(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("stamps the restored business updated now, not when it was last changed before its deletion", async () => {
    const [business] = await handle.query<{ id: number }>("select id::int as id from businesses order by id limit 1");
    const id = business?.id ?? 0;
    await handle.query("update businesses set updated_at = now() - interval '40 days' where id = $1", [id]);
    expect((await deleteBusinessById(handle, id, "test"))?.id).toBe(id);
    const [entry] = await handle.query<{ id: number }>("select id::int as id from deleted_businesses where business_id = $1", [id]);

    const result = await restoreFromTrash(handle, { ids: [entry?.id ?? 0] });
    expect(result.restoredIds).toEqual([id]);
    const [restored] = await handle.query<{ fresh: boolean }>(
      "select updated_at > now() - interval '1 minute' as fresh from businesses where id = $1",
      [id],
    );
    expect(restored?.fresh, "updated_at of the restored business").toBe(true);
  });
});
