// A describe block's fresh database + the built server + a logged-in admin (cookie and CSRF token), set up in
// beforeAll and released in afterAll, and the admin's same-origin requests and CSV uploads over HTTP.
import { afterAll, beforeAll, expect } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { logInOverHttp } from "./admin-calls.ts";
import { startBuiltApp, type InProcessServer } from "./in-process-server.ts";

export interface AdminOverHttp {
  /** Valid inside tests and hooks registered after the call (set in beforeAll). */
  readonly handle: DatabaseHandle;
  readonly server: InProcessServer;
  readonly cookie: string;
  readonly csrf: string;
  /** A request as the logged-in admin's page sends it: session cookie, our Origin and the CSRF header. */
  admin(path: string, init?: { method?: string; body?: FormData }): Promise<Response>;
  /** Posts `csv` as the file `fileName` to /api/upload-excel-batch (batch size 100) and expects a 200. */
  uploadCsv(fileName: string, csv: string): Promise<Response>;
}

/**
 * Call inside a describe block. `seed` fills the database before the admin "admin" (with `password`) is created and
 * the server starts.
 */
export function useAdminOverHttp(
  databaseName: string,
  options: { password: string; seed?: (handle: DatabaseHandle) => Promise<void> },
): AdminOverHttp {
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer | undefined;
  let session = { cookie: "", csrfToken: "" };

  beforeAll(async () => {
    database = await useFreshProcessDatabase(databaseName);
    await options.seed?.(database.handle);
    await upsertAdminUser(database.handle, "admin", options.password);
    server = await startBuiltApp();
    session = await logInOverHttp(server.url, { username: "admin", password: options.password });
  });
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });

  const started = () => {
    if (!server || !database) throw new Error("useAdminOverHttp: the server starts in beforeAll; use it inside tests or later hooks.");
    return { server, handle: database.handle };
  };
  const context: AdminOverHttp = {
    get handle() {
      return started().handle;
    },
    get server() {
      return started().server;
    },
    get cookie() {
      return session.cookie;
    },
    get csrf() {
      return session.csrfToken;
    },
    admin: (path, init = {}) => {
      const { url } = started().server;
      return fetch(`${url}${path}`, {
        method: init.method ?? "GET",
        headers: { Cookie: session.cookie, Origin: url, "X-CSRF-Token": session.csrfToken },
        body: init.body,
      });
    },
    uploadCsv: async (fileName, csv) => {
      const form = new FormData();
      form.set("file", new File([csv], fileName, { type: "text/csv" }));
      form.set("batchSize", "100");
      const response = await context.admin("/api/upload-excel-batch", { method: "POST", body: form });
      expect(response.status, await response.clone().text()).toBe(200);
      return response;
    },
  };
  return context;
}
