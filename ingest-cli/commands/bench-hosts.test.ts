// `directory bench --suite load --hosts / --read-database-url`: the real CLI refuses a host count outside 1-4, a read
// URL that is not a replica's postgres:// URL, and either option outside the load suite, each before it touches a database.
import { describe, expect, it } from "vitest";
import { runDirectory } from "../testing/run-cli.ts";

const NOWHERE = "postgres://postgres:pw@127.0.0.1:1/none";

describe("directory bench --hosts and --read-database-url", () => {
  it("takes 1 to 4 hosts", async () => {
    const run = await runDirectory(["bench", "--suite", "load", "--hosts", "5", "--database-url", NOWHERE]);
    expect(run.code).toBe(64);
    expect(run.stderr).toMatch(/INVALID_OPTION.*--hosts/s);
  }, 60_000);

  it("says INVALID_READ_DATABASE_URL (exit 64) for a URL that is not a replica's, without showing its password", async () => {
    for (const url of ["replica:5433", "http://127.0.0.1:5433/x", "postgres://postgres:hunter2@127.0.0.1:1/x"]) {
      const run = await runDirectory(["bench", "--suite", "load", "--hosts", "2", "--read-database-url", url, "--database-url", NOWHERE]);
      expect(run.code, url).toBe(64);
      expect(run.stderr, url).toMatch(/error INVALID_READ_DATABASE_URL: --read-database-url .*pg_basebackup -R/);
      expect(run.stderr, url).not.toContain("hunter2");
    }
  }, 60_000);

  it("belongs to the load suite", async () => {
    for (const args of [
      ["--hosts", "2"],
      ["--read-database-url", "postgres://127.0.0.1:5433/x"],
    ]) {
      const run = await runDirectory(["bench", "--suite", "reads", ...args, "--database-url", NOWHERE]);
      expect(run.code, args.join(" ")).toBe(64);
      expect(run.stderr, args.join(" ")).toMatch(/INVALID_OPTION.*belongs to the load suite; add --suite load/);
    }
  }, 60_000);

  it("lists the options in --help", async () => {
    const run = await runDirectory(["bench", "--help"]);
    expect(run.stdout).toMatch(/--hosts <n>\s+load: app hosts \(1-4/);
    expect(run.stdout).toMatch(/--read-database-url <url>\s+load: a streaming replica/);
    expect(run.stdout).toContain("--admin-every <seconds>");
  }, 60_000);
});
