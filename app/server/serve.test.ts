import { describe, expect, it } from "vitest";
import { parseAppEnv as readServeEnv } from "../models/env.server";
import { DEFAULT_HOST, resolveHost, resolveWorkerCount } from "./serve.ts";

describe("resolveWorkerCount", () => {
  it("runs one worker per core on PostgreSQL unless --workers or WEB_CONCURRENCY says otherwise", () => {
    expect(resolveWorkerCount(undefined, undefined, true, 4)).toBe(4);
    expect(resolveWorkerCount(undefined, 3, true, 4)).toBe(3);
    expect(resolveWorkerCount(2, 3, true, 4)).toBe(2);
  });

  it("runs one process on the embedded database, and refuses an explicit --workers above 1", () => {
    expect(resolveWorkerCount(undefined, undefined, false, 8)).toBe(1);
    expect(resolveWorkerCount(1, undefined, false, 8)).toBe(1);
    expect(resolveWorkerCount(undefined, 4, false, 8)).toBe(1);
    expect(() => resolveWorkerCount(2, undefined, false, 8)).toThrow(/PGlite/);
  });
});

describe("resolveHost", () => {
  it("binds 127.0.0.1 unless --host or HOST says otherwise (--host first)", () => {
    expect(DEFAULT_HOST).toBe("127.0.0.1");
    expect(resolveHost(undefined, undefined)).toBe("127.0.0.1");
    expect(resolveHost(undefined, readServeEnv({ HOST: "0.0.0.0" }).HOST)).toBe("0.0.0.0");
    expect(resolveHost("::1", "0.0.0.0")).toBe("::1");
    expect(resolveHost("localhost", undefined)).toBe("localhost");
    expect(readServeEnv({ HOST: "" }).HOST).toBeUndefined();
  });

  it("refuses a HOST or --host that is neither an IP address nor a host name", () => {
    for (const bad of ["0.0.0.0:3000", "http://0.0.0.0", "host name", "-x", "a..b"]) {
      expect(() => readServeEnv({ HOST: bad }), bad).toThrow(/HOST: must be an IP address/);
      expect(() => resolveHost(bad, undefined), bad).toThrow(/--host/);
    }
  });
});

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default", () => {
    expect(readServeEnv({}).TRUST_PROXY).toBeUndefined();
    expect(readServeEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toBeUndefined();
    expect(readServeEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBeUndefined();
  });

  it("takes a hop count or a list of names, addresses and subnets, as Express does", () => {
    expect(readServeEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(readServeEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(readServeEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,fd00::/8 ,192.0.2.7" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
      "192.0.2.7",
    ]);
  });

  it("refuses anything else, naming the variable", () => {
    for (const bad of ["true", "yes", "11", "-1", "10.0.0.0/33", "loopback,", "example.com", "1.2.3.4/8/8"]) {
      expect(() => readServeEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be a number of proxies/);
    }
  });
});
