// Integration tests → Remix loaders/actions called the way the server calls them (Origin, client IP, cookie, CSRF
// header), with thrown Responses returned instead.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { expect } from "vitest";

export const TEST_ORIGIN = "http://admin.test";

export type RouteHandler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<Response> | Response;

export interface RouteCall {
  method?: string;
  cookie?: string;
  /** Defaults to our own origin; null sends no Origin header. */
  origin?: string | null;
  csrf?: string;
  json?: unknown;
  form?: Record<string, string>;
  ip?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export async function callRoute(handler: RouteHandler, pathname: string, init: RouteCall = {}): Promise<Response> {
  const headers = new Headers({ "x-directory-client-ip": init.ip ?? "203.0.113.5", ...init.headers });
  if (init.origin !== null) headers.set("Origin", init.origin ?? TEST_ORIGIN);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.csrf) headers.set("X-CSRF-Token", init.csrf);
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  } else if (init.form) {
    body = new URLSearchParams(init.form);
  }
  const request = new Request(`${TEST_ORIGIN}${pathname}`, { method: init.method ?? "GET", headers, body });
  try {
    return await handler({ request, params: init.params ?? {}, context: {} });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

export async function expectRefused(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ success: false, code });
}

/** The session cookie (`name=value`) a login response sets. */
export function sessionCookieOf(response: Response): string {
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
}

/** Logs in through the running server's JSON login (same origin) and reads the session's CSRF token from /admin. */
export async function logInOverHttp(
  baseUrl: string,
  credentials: { username: string; password: string },
): Promise<{ cookie: string; csrfToken: string }> {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify(credentials),
  });
  expect(login.status, "admin login").toBe(200);
  const cookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const shell = await fetch(`${baseUrl}/admin?_data=routes%2Fadmin`, { headers: { Cookie: cookie } });
  const { csrfToken } = (await shell.json()) as { csrfToken: string };
  return { cookie, csrfToken };
}
