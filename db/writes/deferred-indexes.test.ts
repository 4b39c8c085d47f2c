// The rule for deferring the secondary indexes of businesses during a bulk import (deferred-indexes.ts).
import { describe, expect, it } from "vitest";
import { estimateFileRows, shouldDeferIndexes } from "./deferred-indexes.ts";

describe("shouldDeferIndexes", () => {
  it("defers when the import at least doubles the table and is large enough to matter", () => {
    expect(shouldDeferIndexes("auto", 280_000, 0)).toBe(true);
    expect(shouldDeferIndexes("auto", 280_000, 140_000)).toBe(true);
    expect(shouldDeferIndexes("auto", 280_000, 140_001)).toBe(false);
    // A re-import of the same file into its own table: the indexes stay.
    expect(shouldDeferIndexes("auto", 250_000, 278_000)).toBe(false);
    expect(shouldDeferIndexes("auto", 19_999, 0)).toBe(false);
  });

  it("obeys always and never whatever the sizes", () => {
    expect(shouldDeferIndexes("always", 1, 1_000_000)).toBe(true);
    expect(shouldDeferIndexes("never", 1_000_000, 0)).toBe(false);
  });

  it("estimates a file's rows low, so a guess keeps the indexes", () => {
    // 377 MB for 280k generated rows (1.35 kB a row) → about 251k.
    expect(estimateFileRows(377_317_849)).toBe(251_545);
    expect(estimateFileRows(0)).toBe(0);
  });
});
