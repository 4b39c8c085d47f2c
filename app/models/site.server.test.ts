import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "../../db/client.ts";
import { getShellData, isDatabaseUnavailable } from "./site.server";

describe("page shell when the database is down", () => {
  beforeAll(() => {
    // A PostgreSQL server that is not there: port 9 on loopback refuses connections.
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:9/directory";
    process.env.SITE_URL = "https://directory.example";
  });
  afterAll(async () => {
    await closeDatabase();
  });

  it("turns a refused connection into a 503 with Retry-After, not a crash page", async () => {
    const outcome = await getShellData(new Request("http://internal:3000/contact")).then(
      () => null,
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).status).toBe(503);
    expect((outcome as Response).headers.get("Retry-After")).toBe("30");
  });

  it("does not touch the database under /admin (no site code there), so admin pages still render", async () => {
    await expect(getShellData(new Request("http://internal:3000/admin/login"))).resolves.toEqual({
      siteUrl: "https://directory.example",
      siteCode: null,
      siteFacts: null,
      mapStyleUrl: "https://tiles.openfreemap.org/styles/liberty",
    });
  });

  it("recognises outage errors by code, also when wrapped, and nothing else", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("migration failed", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
