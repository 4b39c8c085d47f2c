// A postgres handle and a name → one connection of its own, outside the pool, named in pg_stat_activity: for work
// that must hold a session-level advisory lock (a pooled connection would carry the lock to whoever takes it next)
// or run apart from the pool (index builds). Server driver only.
import postgres from "postgres";
import type { DatabaseHandle } from "../client.ts";

/** The caller ends it (`session.end()`); ending it drops its session-level locks. */
export function openDedicatedSession(handle: DatabaseHandle, applicationName: string): postgres.Sql {
  if (!handle.connectionUrl) throw new Error("postgres handle without a connection URL");
  return postgres(handle.connectionUrl, {
    max: 1,
    onnotice: () => {},
    connect_timeout: 10,
    connection: { application_name: applicationName },
  });
}
