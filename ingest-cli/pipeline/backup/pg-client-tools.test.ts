// findPgTool against fake client binaries: the newest one is chosen, and a missing or too old pg_dump is refused with
// a code and the package to install.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findPgTool, splitPassword } from "./pg-client-tools.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "directory-pg-tools-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A folder holding a pg_dump that prints `version` as the real one does. */
function fakeClient(folder: string, version: string): string {
  const bin = path.join(root, folder);
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, "pg_dump"), `#!/bin/sh\necho "pg_dump (PostgreSQL) ${version} (Debian ${version}-1)"\n`, { mode: 0o755 });
  return bin;
}

describe("findPgTool", () => {
  it("chooses the newest installed client that is at least the server's major version", () => {
    const tool = findPgTool("pg_dump", 15, "the server", [fakeClient("14", "14.12"), fakeClient("16", "16.4"), fakeClient("15", "15.8")]);
    expect(tool).toMatchObject({ version: "16.4", major: 16, path: path.join(root, "16", "pg_dump") });
  });

  it("refuses a client older than the server, naming the version to install", () => {
    expect(() => findPgTool("pg_dump", 16, "the server", [fakeClient("14", "14.12"), fakeClient("15", "15.8")])).toThrow(
      expect.objectContaining({ code: "PG_CLIENT_TOO_OLD", message: expect.stringContaining("postgresql-client-16") }),
    );
  });

  it("refuses when no client is installed", () => {
    const empty = path.join(root, "empty");
    fs.mkdirSync(empty, { recursive: true });
    expect(() => findPgTool("pg_restore", 15, "the server", [empty])).toThrow(expect.objectContaining({ code: "PG_CLIENT_NOT_FOUND" }));
  });
});

describe("splitPassword", () => {
  it("takes the password out of the URL (it goes to PGPASSWORD, never on a command line)", () => {
    expect(splitPassword("postgres://app:s%40cret@db.example:5432/directory?sslmode=require")).toEqual({
      url: "postgres://app@db.example:5432/directory?sslmode=require",
      password: "s@cret",
    });
  });
});
