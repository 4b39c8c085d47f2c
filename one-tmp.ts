import { openDatabase } from "./db/client.ts";
import { createSearchEngine, parseSearchQuery } from "./search/index.ts";
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, migrate: false });
const engine = createSearchEngine({ handle });
for (const q of ["warmup", "dentist", "x"]) { const p = parseSearchQuery({ q }); if (p.ok) await engine.search(p.query); }
await new Promise((r) => setTimeout(r, 300));
await handle.query("select 'MARK'");
for (const q of process.argv.slice(2)) {
  const p = parseSearchQuery({ q }); if (!p.ok) throw new Error("bad");
  const t = performance.now(); const r = await engine.search(p.query);
  console.log(q, (performance.now() - t).toFixed(1), r.total, r.didYouMean);
}
await handle.close();
