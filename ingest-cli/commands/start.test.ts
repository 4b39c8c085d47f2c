import { describe, expect, it } from "vitest";
import { resolveWorkerCount } from "./start.ts";

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
