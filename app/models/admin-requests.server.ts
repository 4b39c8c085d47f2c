// Admin request bodies (JSON or form) → plain objects for the zod schemas of the admin routes; bad JSON → 400.
import { json } from "@remix-run/node";
import type { z } from "zod";

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
    throw json({ success: false, code, message: `${message} (${detail})` }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  return parsed.data;
}
