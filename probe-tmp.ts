import postgres from "postgres";
import { openDatabase } from "./db/client.ts";
import { createSearchEngine, parseSearchQuery } from "./search/index.ts";
import { swapLetters } from "./ingest-cli/pipeline/bench/run-read-bench.ts";
const url = process.env.DATABASE_URL as string;
const sql = postgres(url, { max: 1, onnotice: () => {} });
const size = 105;
const words = (await sql<Array<{ word: string }>>`select t.word from category_counts c, regexp_split_to_table(lower(c.category), '[^[:alpha:]]+') as t(word) where length(t.word) >= 4 group by t.word order by sum(c.business_count) desc limit ${size}`).map((r) => r.word);
const cities = await sql<Array<{ city: string; country: string }>>`select c.city, k.country from city_counts c join country_counts k using (country_code) where c.city ~ '^[A-Za-z ]+$' order by c.business_count desc limit ${size}`;
await sql.end();
const typos = [...new Set(["restuarant", ...words.map(swapLetters).filter((t, i) => t !== words[i])])];
const located: Array<Record<string, string>> = [];
for (let round = 0; located.length < size && round < 400; round++) {
  const w = words.slice(0, 20)[round % 20] as string; const c = cities[(round + Math.floor(round / 20)) % cities.length]!;
  located.push(round % 2 === 0 ? { q: `${w} in ${c.city}` } : { q: w, location: c.country });
}
const handle = await openDatabase({ databaseUrl: url, migrate: false });
const engine = createSearchEngine({ handle });
const which = process.argv[2] ?? "typo";
const list: Array<Record<string, string>> = which === "typo" ? typos.map((q) => ({ q })) : which === "one" ? words.map((q) => ({ q })) : located;
const times: Array<[number, string]> = [];
for (const params of list.slice(0, 100)) {
  const p = parseSearchQuery(params); if (!p.ok) throw new Error("bad");
  const t = performance.now(); const r = await engine.search(p.query);
  times.push([performance.now() - t, `${JSON.stringify(params)} total=${r.total}${r.didYouMean ? " dym=" + r.didYouMean : ""}`]);
}
const sorted = [...times].sort((a, b) => a[0] - b[0]);
console.log(which, "n", times.length, "p50", sorted[Math.floor(times.length / 2)]![0].toFixed(1), "p95", sorted[Math.floor(times.length * 0.95)]![0].toFixed(1));
for (const [ms, what] of sorted.slice(-8)) console.log(ms.toFixed(1), what);
await handle.close();
