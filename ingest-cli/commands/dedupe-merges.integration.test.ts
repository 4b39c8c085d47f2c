// `directory dedupe` as an operator runs it (spawned CLI): rows with different place ids are only listed for review;
// a true duplicate merges with an alias, a merge record (conflicts kept) and an audit entry naming it; the merge can
// be undone exactly; and a re-import of the merged identity updates the survivor instead of bringing the row back.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

const HEADER = "name,place_id,category,full_address,city,country_code,phone,rating,reviews,photo,description,url";
const ROWS = {
  twinA:
    'Twin Bakery,place-twin-A,Bakery,"Hauptstraße 5, 10115 Berlin, Germany",Berlin,DE,+49 30 1111111,4.5,80,https://img.example/ta.jpg,Sourdough,',
  twinB: 'Twin Bakery,place-twin-B,Bakery,"Hauptstraße 5, 10115 Berlin, Germany",Berlin,DE,+49 30 2222222,,,,Pretzels,https://twin-b.example/',
  alpha: 'Alpha Cafe,ChIJalpha0001,Cafe,"Torstraße 1, 10119 Berlin, Germany",Berlin,DE,+49 30 3333333,4.6,120,https://img.example/a.jpg,Flat white,',
  alphaCopy: 'Alpha Café,chijALPHA0001,Coffee shop,"Torstraße 1, 10119 Berlin, Germany",Berlin,DE,,,,,Best espresso,https://alpha.example/',
};
/** The merged identity again, with a new review count. */
const ALPHA_COPY_UPDATED =
  'Alpha Café,chijALPHA0001,Coffee shop,"Torstraße 1, 10119 Berlin, Germany",Berlin,DE,,4.7,999,,Best espresso,https://alpha.example/';

type Row = Record<string, unknown>;

describe(`directory dedupe: review, merge, alias, undo on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;

  async function query<T extends object>(text: string, params: unknown[] = []): Promise<T[]> {
    // NOTE: PGlite allows one process per data dir, so the test opens it only while no child runs.
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    try {
      return await handle.query<T>(text, params);
    } finally {
      await handle.close();
    }
  }

  /** Every column but updated_at, by place id. */
  async function snapshot(): Promise<Map<string, Row>> {
    const rows = await query<Row>("select (to_jsonb(b) - 'search_vector' - 'updated_at') as row from businesses b order by id");
    return new Map(rows.map(({ row }) => [(row as Row).place_id as string, row as Row]));
  }

  async function cli(args: string[]) {
    const run = await runDirectory(args, { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    return run;
  }

  async function importRows(name: string, rows: string[]) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, [HEADER, ...rows].join("\n") + "\n");
    return JSON.parse((await cli(["import", file, "--json"])).stdout);
  }

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-dedupe-cli-"));
    await importRows("first.csv", Object.values(ROWS));
  }, 120_000);
  afterAll(async () => {
    await cleanup?.();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  let before: Map<string, Row>;
  let mergeId: number;

  it("lists two places with different place ids and phones for review, and --apply leaves them as they were", { timeout: 120_000 }, async () => {
    before = await snapshot();
    expect(before.size).toBe(4);
    const report = JSON.parse((await cli(["dedupe", "--json"])).stdout);
    const twinIds = [before.get("place-twin-A")?.id, before.get("place-twin-B")?.id].map(Number).sort((a, b) => a - b);
    expect(report.review.groups).toBe(1);
    expect([...report.review.sample[0].ids].sort((a: number, b: number) => a - b)).toEqual(twinIds);
    expect(report.review.sample[0].businesses.map((b: Row) => b.phone).sort()).toEqual(["+49 30 1111111", "+49 30 2222222"]);
    expect(report.groups).toBe(1);

    const text = (await cli(["dedupe"])).stdout;
    expect(text).toContain("1 groups need review");
    expect(text).toMatch(/place id place-twin-A, phone \+49 30 1111111 ↔ .*place id place-twin-B, phone \+49 30 2222222/);

    const applied = JSON.parse((await cli(["dedupe", "--apply", "--json"])).stdout);
    expect(applied.merge).toMatchObject({ merged: 1, removed: 1, review: 1 });
    const after = await snapshot();
    expect(after.get("place-twin-A")).toEqual(before.get("place-twin-A"));
    expect(after.get("place-twin-B")).toEqual(before.get("place-twin-B"));
    mergeId = applied.merge.merges[0].mergeId;
  });

  it("merges the true duplicate: blanks filled, conflicts recorded, alias kept, the audit entry names the rows", async () => {
    const survivorId = Number(before.get("ChIJalpha0001")?.id);
    const mergedId = Number(before.get("chijALPHA0001")?.id);
    const after = await snapshot();
    expect(after.size).toBe(3);
    expect(after.get("ChIJalpha0001")).toMatchObject({ description: "Flat white", category: "Cafe", url: "https://alpha.example/" });

    const [merge] = await query<{ survivor_id: number; merged_id: number; conflicts: Row; merged_row: Row; undone_at: unknown }>(
      "select survivor_id::int, merged_id::int, conflicts, merged_row, undone_at from business_merges where id = $1",
      [mergeId],
    );
    expect(merge).toMatchObject({ survivor_id: survivorId, merged_id: mergedId, undone_at: null });
    expect(merge?.conflicts).toMatchObject({
      description: { survivor: "Flat white", merged: "Best espresso" },
      category: { survivor: "Cafe", merged: "Coffee shop" },
      name: { survivor: "Alpha Cafe", merged: "Alpha Café" },
    });
    expect(merge?.merged_row).toMatchObject({ id: mergedId, name: "Alpha Café", place_id: "chijALPHA0001", description: "Best espresso" });
    expect(await query("select identity_key, place_id, business_id::int from business_aliases")).toEqual([
      { identity_key: "pid:chijALPHA0001", place_id: "chijALPHA0001", business_id: survivorId },
    ]);
    const [audit] = await query<{ details: Row; row_count: number }>("select details, row_count from audit_log where action = 'dedupe.merge'");
    expect(audit?.row_count).toBe(1);
    expect(audit?.details).toMatchObject({ review: 1, merges: [{ mergeId, survivorId, mergedId }], sampleIds: [mergedId] });
    const [counts] = await query<{ value: number }>("select value::int as value from site_totals where key = 'businesses'");
    expect(counts?.value).toBe(3);
  });

  it("undo restores both rows exactly and removes the alias", { timeout: 60_000 }, async () => {
    const undone = JSON.parse((await cli(["dedupe", "--undo", String(mergeId), "--json"])).stdout);
    expect(undone).toMatchObject({ mergeId, keptChanged: [] });
    expect(undone.reverted).toContain("url");
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(await query("select * from business_aliases")).toEqual([]);
    const [audit] = await query<{ target: string; details: Row }>("select target, details from audit_log where action = 'dedupe.undo'");
    expect(audit).toMatchObject({ target: `business_merge:${mergeId}`, details: { restoredId: Number(before.get("chijALPHA0001")?.id) } });
    const [counts] = await query<{ value: number }>("select value::int as value from site_totals where key = 'businesses'");
    expect(counts?.value).toBe(4);
    const again = await runDirectory(["dedupe", "--undo", String(mergeId)], { env });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("MERGE_ALREADY_UNDONE");
  });

  it("after a merge, a re-import of the merged identity updates the survivor and never brings the row back", { timeout: 120_000 }, async () => {
    await cli(["dedupe", "--apply"]);
    const survivorId = Number(before.get("ChIJalpha0001")?.id);
    const result = await importRows("again.csv", [ALPHA_COPY_UPDATED]);
    expect(JSON.stringify(result)).not.toMatch(/"inserted(Count)?":\s*[1-9]/);
    const rows = await query<{ id: number; reviews: number; place_id: string }>(
      "select id::int, reviews, place_id from businesses where full_address like 'Torstraße 1%'",
    );
    expect(rows).toEqual([{ id: survivorId, reviews: 999, place_id: "ChIJalpha0001" }]);
    // A rejected cell of the merged identity keeps the survivor's stored value, found through the alias.
    await importRows("again-bad-rating.csv", [ALPHA_COPY_UPDATED.replace(",4.7,999,", ",not-a-rating,999,")]);
    expect(await query("select rating from businesses where id = $1", [survivorId])).toEqual([{ rating: 4.7 }]);
    // The whole first file again: the survivor's own row decides, the merged one still does not come back.
    await importRows("first-again.csv", Object.values(ROWS));
    expect(await query("select id::int from businesses where full_address like 'Torstraße 1%'")).toEqual([{ id: survivorId }]);
  });

  it("merges a listed pair only when told to, explicitly", { timeout: 60_000 }, async () => {
    const keep = Number(before.get("place-twin-A")?.id);
    const other = Number(before.get("place-twin-B")?.id);
    const forced = JSON.parse((await cli(["dedupe", "--merge", String(keep), String(other), "--json"])).stdout);
    expect(forced).toMatchObject({ survivorId: keep, mergedId: other });
    expect(forced.conflicts).toEqual(expect.arrayContaining(["phone", "placeId", "description"]));
    const [merge] = await query<{ reason: string; conflicts: Row }>("select reason, conflicts from business_merges where id = $1", [forced.mergeId]);
    expect(merge).toMatchObject({ reason: "forced", conflicts: { phone: { survivor: "+49 30 1111111", merged: "+49 30 2222222" } } });
    await cli(["dedupe", "--undo", String(forced.mergeId)]);
    const after = await snapshot();
    expect(after.get("place-twin-A")).toEqual(before.get("place-twin-A"));
    expect(after.get("place-twin-B")).toEqual(before.get("place-twin-B"));
  });

  it("a deleted survivor blocks its merged identities too, and a restore gives them back to it", { timeout: 180_000 }, async () => {
    const survivorId = Number(before.get("ChIJalpha0001")?.id);
    const [{ n }] = (await query<{ n: number }>("select count(*)::int as n from businesses")) as [{ n: number }];
    await cli(["delete-all", "--confirm", String(n)]);
    // The retired identity alone: its alias went with the survivor, its tombstone stays.
    const blocked = await importRows("merged-only.csv", [ALPHA_COPY_UPDATED]);
    expect(blocked).toMatchObject([{ status: "succeeded", counts: { inserted: 0, updated: 0 } }]);
    expect(await query("select count(*)::int as n from businesses")).toEqual([{ n: 0 }]);
    const { batches } = JSON.parse((await cli(["restore", "--list", "--json"])).stdout) as { batches: Array<{ batchId: string }> };
    await cli(["restore", "--batch", batches[0]?.batchId as string]);
    const updated = await importRows("merged-again.csv", [ALPHA_COPY_UPDATED.replace(",999,", ",1234,")]);
    expect(updated).toMatchObject([{ status: "succeeded", counts: { inserted: 0, updated: 1 } }]);
    expect(await query("select id::int, reviews from businesses where full_address like 'Torstraße 1%'")).toEqual([
      { id: survivorId, reviews: 1234 },
    ]);
  });
});
