// Browser → admin JSON calls with the session cookie and the CSRF header; a non-OK answer throws AdminFetchError
// whose message is the spec's "status: body text" (the server's message when it sent one).
import { DirectoryError } from "../../db/rules/directory-error.ts";
export class AdminFetchError extends DirectoryError {
  constructor(
    readonly status: number,
    code: string | null,
    message: string,
    readonly body: unknown,
  ) {
    // NOTE: an answer without a code (a proxy's HTML page, say) still gets one, so every failure has a code.
    super(code ?? `HTTP_${status}`, message);
    this.name = "AdminFetchError";
  }
}

export interface AdminFetchOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON with a JSON content type. */
  json?: unknown;
  /** Sent as is (FormData for uploads); ignored when `json` is given. */
  body?: BodyInit;
  csrfToken: string;
  signal?: AbortSignal;
}

async function toError(response: Response): Promise<AdminFetchError> {
  const text = await response.text().catch(() => "");
  let body: unknown = text;
  let code: string | null = null;
  let detail = text || response.statusText;
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown; error?: { code?: unknown; message?: unknown } };
    body = parsed;
    const source = parsed.error ?? parsed;
    if (typeof source.code === "string") code = source.code;
    if (typeof source.message === "string") detail = source.message;
  } catch {
    // Not JSON: the raw text is the message.
  }
  return new AdminFetchError(response.status, code, `${response.status}: ${detail}`, body);
}

/** Calls an admin path and returns its JSON (or the Response itself for non-JSON answers such as CSV). */
export async function adminFetch<T = unknown>(path: string, options: AdminFetchOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", "X-CSRF-Token": options.csrfToken };
  let body = options.body;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const response = await fetch(path, { method: options.method ?? "GET", headers, body, credentials: "include", signal: options.signal });
  if (!response.ok) throw await toError(response);
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) return (await response.json()) as T;
  return response as unknown as T;
}
