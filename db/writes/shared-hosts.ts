// Several app hosts on one database → the rows they agree through: a cache generation bumped on every admin change
// and by every CLI command that changes the site, a secret generated once per database, and the public API's
// per-client fixed-window counters (one upsert each).
import type { DatabaseHandle } from "../client.ts";
import { CACHES_GENERATION } from "../queries/shared-hosts.ts";

/** A bump makes every host empty its in-process caches at its next poll. */
export async function bumpCacheGeneration(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.query<{ generation: string | number }>(
    `insert into cache_generations (name, generation, changed_at) values ($1, 1, now())
     on conflict (name) do update set generation = cache_generations.generation + 1, changed_at = now()
     returning generation`,
    [CACHES_GENERATION],
  );
  return Number(rows[0]?.generation ?? 0);
}

/** The stored secret `name`, stored as `candidate` first if there is none (the first host to ask wins, the rest read it). */
export async function readOrCreateSecret(handle: DatabaseHandle, name: string, candidate: string): Promise<string> {
  await handle.query("insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing", [name, candidate]);
  const rows = await handle.query<{ value: string }>("select value from app_secrets where name = $1", [name]);
  return rows[0]?.value ?? candidate;
}

export interface RateWindowCount {
  /** Requests of this client in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (at least 1). */
  secondsLeft: number;
}

/** Counts one request of `clientKey` in the current `windowSeconds` window (aligned to the epoch) and answers the total. */
export async function countRateWindowHit(handle: DatabaseHandle, clientKey: string, windowSeconds: number): Promise<RateWindowCount> {
  const rows = await handle.query<{ hits: number; seconds_left: number }>(
    `with w as (select to_timestamp(floor(extract(epoch from now()) / $2::int) * $2::int) as start)
     insert into api_rate_windows as t (client_key, window_start, hits) select $1, w.start, 1 from w
     on conflict (client_key, window_start) do update set hits = t.hits + 1
     returning hits, greatest(1, ceil(extract(epoch from (t.window_start + make_interval(secs => $2::int) - now()))))::int as seconds_left`,
    [clientKey, windowSeconds],
  );
  return { hits: Number(rows[0]?.hits ?? 1), secondsLeft: Number(rows[0]?.seconds_left ?? windowSeconds) };
}

/** Drops finished rate windows and visitor keys of days before yesterday (each host calls this now and then). */
export async function purgeSharedHostRows(handle: DatabaseHandle, windowSeconds: number): Promise<void> {
  await handle.query("delete from api_rate_windows where window_start < now() - make_interval(secs => $1::int * 2)", [windowSeconds]);
  await handle.query("delete from daily_visitors where day < (now() at time zone 'utc')::date - 1");
}
