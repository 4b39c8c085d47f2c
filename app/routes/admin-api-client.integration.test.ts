// The built server over HTTP, driven the way a script following the spec's call table drives it (fetch, a cookie jar
// kept by hand, no admin page read): the login answer and GET /api/admin/session carry the forms' CSRF token, and with
// it (plus the site's Origin) the script uploads a CSV and exports it; without a session it gets a 401 JSON, not a redirect.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const PASSWORD = "admin-api-client-password";
const CSV =
  "name,category,full_address,city,country_code,place_id\nScript Bakery,Bakery,Main St 1,Leipzig,DE,script-1\nScript Pharmacy,Pharmacy,Main St 2,Leipzig,DE,script-2\n";

describe(`a scripted admin session over HTTP on ${testDriver()}`, () => {
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer | undefined;
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const url = (path: string) => `${server!.url}${path}`;

  beforeAll(async () => {
    database = await useFreshProcessDatabase("admin-api-client");
    await upsertAdminUser(database.handle, "admin", PASSWORD);
    server = await startBuiltApp();
  });
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });

  it("logs in, reads the token from the login answer and /api/admin/session, uploads a CSV and exports it", async () => {
    const anonymous = await fetch(url("/api/admin/session"), { redirect: "manual" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("Content-Type")).toContain("application/json");
    expect(await anonymous.json()).toMatchObject({ success: false, code: "ADMIN_SESSION_REQUIRED" });

    const login = await fetch(url("/api/admin/login"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server!.url },
      body: JSON.stringify({ username: "admin", password: PASSWORD }),
      redirect: "manual",
    });
    expect(login.status, await login.clone().text()).toBe(200);
    remember(login);
    const loggedIn = (await login.json()) as { success: boolean; csrfToken?: string };
    expect(loggedIn.success).toBe(true);
    expect(loggedIn.csrfToken).toMatch(/^[\w-]{20,}$/);

    const sessionAnswer = await fetch(url("/api/admin/session"), { headers: { Cookie: cookieHeader() }, redirect: "manual" });
    expect(sessionAnswer.status).toBe(200);
    expect(sessionAnswer.headers.get("Cache-Control")).toContain("no-store");
    const session = (await sessionAnswer.json()) as { user: { id: number; username: string }; csrfToken: string };
    expect(session.user).toMatchObject({ username: "admin" });
    expect(session.csrfToken).toBe(loggedIn.csrfToken);
    // The very token the admin pages put in their forms.
    const layout = await fetch(url("/admin?_data=routes%2Fadmin"), { headers: { Cookie: cookieHeader() } });
    expect(((await layout.json()) as { csrfToken: string }).csrfToken).toBe(session.csrfToken);

    const upload = (headers: Record<string, string>) => {
      const form = new FormData();
      form.set("file", new File([CSV], "script.csv", { type: "text/csv" }));
      form.set("batchSize", "100");
      return fetch(url("/api/upload-excel-batch"), { method: "POST", headers: { Cookie: cookieHeader(), ...headers }, body: form });
    };
    // The rules stay a browser's: no token, or no Origin, is refused.
    const withoutToken = await upload({ Origin: server!.url });
    expect(withoutToken.status).toBe(403);
    expect(await withoutToken.json()).toMatchObject({ code: "CSRF_TOKEN_INVALID" });
    const withoutOrigin = await upload({ "X-CSRF-Token": session.csrfToken });
    expect(withoutOrigin.status).toBe(403);
    expect(await withoutOrigin.json()).toMatchObject({ code: "FOREIGN_ORIGIN" });

    const uploaded = await upload({ Origin: server!.url, "X-CSRF-Token": session.csrfToken });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    expect(await uploaded.json()).toMatchObject({ success: true, successCount: 2 });

    const exported = await fetch(url("/api/admin/export-csv?fields=name,city"), { headers: { Cookie: cookieHeader() } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Content-Type")).toContain("text/csv");
    const text = await exported.text();
    expect(text).toContain("Script Bakery");
    expect(text).toContain("Script Pharmacy");
  });
});
