// A page action's request → its form fields, or a thrown 400/415 that says what to send (never a 500 for a body
// that is not a form: Request.formData() throws a plain TypeError for those).
import { json } from "@remix-run/node";
import { NO_STORE } from "./cache-policy.server";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function refuse(status: 400 | 415, code: string, message: string): Response {
  return json({ error: { code, message } }, { status, headers: { "Cache-Control": NO_STORE } });
}

/** The submitted form; a JSON, text or missing body answers 415, a malformed multipart body 400. */
export async function readFormBody(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) {
    throw refuse(
      415,
      "FORM_BODY_REQUIRED",
      "Send this page's form as application/x-www-form-urlencoded or multipart/form-data (submit the form on the page).",
    );
  }
  try {
    return await request.formData();
  } catch {
    throw refuse(400, "FORM_BODY_MALFORMED", "The form body could not be read (cut short or not matching its boundary); submit the form again.");
  }
}
