// POST /api/contact (JSON: name, email, subject, message, company, phone) → 200 on success, 400 with field errors,
// 429 with Retry-After when the sender sent too many; the same model call as the /contact page.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { sendContactMessage } from "~/models/contact.server";
import { NO_STORE } from "~/models/cache-policy.server";

export function loader() {
  return json({ error: { code: "METHOD_NOT_ALLOWED", message: "Send the message with POST." } }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const body: unknown = await request.json().catch(() => undefined);
  if (body === undefined) {
    return json(
      { success: false, error: { code: "INVALID_JSON", message: "The request body must be a JSON object." } },
      { status: 400, headers: { "Cache-Control": NO_STORE } },
    );
  }
  const { status, result, headers } = await sendContactMessage(body, request);
  if (result.ok) return json({ success: true, code: result.code, message: "Message sent" }, { status, headers });
  const fields = result.code === "VALIDATION_FAILED" ? result.fieldErrors : undefined;
  return json({ success: false, error: { code: result.code, message: result.message, fields } }, { status, headers });
}
