// Admin request bodies (JSON or form) → plain objects for the zod schemas of the admin routes; bad JSON → 400.
import { json } from "@remix-run/node";
import type { z } from "zod";
import { NO_STORE } from "./cache-policy.server";

/** Parses a JSON or form body with `schema`; a malformed body answers 400 `{ success: false, code, message }`. */
export async function parseAdminBody<T extends z.ZodType>(request: Request, schema: T, code: string, message: string): Promise<z.infer<T>> {
  const type = request.headers.get("Content-Type") ?? "";
  let raw: unknown;
  try {
    raw = type.includes("application/json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ");
    // A refinement may name a more precise code as "CODE: how to fix" (e.g. AD_CODE_TOO_LARGE).
    const specific = parsed.error.issues.map((issue) => /^([A-Z][A-Z0-9_]+): /.exec(issue.message)?.[1]).find(Boolean);
    throw json(
      { success: false, code: specific ?? code, message: `${message} (${detail})` },
      { status: 400, headers: { "Cache-Control": NO_STORE } },
    );
  }
  return parsed.data;
}

/** An admin API answer: never stored, not even by the admin's own browser (after a logout it must be gone). */
export function adminJson<T>(data: T): Response {
  return json(data, { headers: { "Cache-Control": NO_STORE } });
}

/** 405 for a method the admin call does not accept. */
export function methodNotAllowed(allow: string): Response {
  return json(
    { success: false, code: "METHOD_NOT_ALLOWED", message: `Use ${allow} for this call.` },
    { status: 405, headers: { Allow: allow, "Cache-Control": NO_STORE } },
  );
}
