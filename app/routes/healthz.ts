// GET /healthz → 200 when the database answers, 503 otherwise; never cached.
import { json } from "@remix-run/node";
import { getHealth } from "~/models/health.server";
import { NO_STORE } from "~/models/cache-policy.server";

export async function loader() {
  const health = await getHealth();
  return json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": NO_STORE } });
}
