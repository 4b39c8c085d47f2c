import { describe, expect, it } from "vitest";
import { summarizeAuditDetails } from "./audit-summary.ts";

describe("summarizeAuditDetails", () => {
  it("shows a single edit as before → after", () => {
    expect(summarizeAuditDetails({ name: "x", changes: { isApproved: { before: true, after: false } } })).toBe("isApproved: true → false");
    expect(summarizeAuditDetails({ changes: { business: { before: { name: "A very long business name indeed, yes" }, after: null } } })).toBe(
      'business: {"name":"A very long business name inde… → —',
    );
  });

  it("shows a bulk change as its merges and first ids", () => {
    expect(summarizeAuditDetails({ review: 2, merges: [{ mergeId: 3, mergedId: 12, survivorId: 7 }], sampleIds: [12, 13, 14, 15, 16, 17] })).toBe(
      "merges #3: #12 → #7 · 2 for review · ids #12, #13, #14, #15, #16, …",
    );
    expect(summarizeAuditDetails({ mergeId: 3, survivorId: 7, restoredId: 12 })).toBe("merge #3 undone: #12 restored");
    expect(summarizeAuditDetails(null)).toBe("");
  });

  it("shows a bulk action's sample of what it touched", () => {
    expect(summarizeAuditDetails({ sample: [{ id: 4, before: "old-cafe", after: "cafe-berlin" }] })).toBe("#4 old-cafe → cafe-berlin");
    expect(
      summarizeAuditDetails({
        batchId: "x",
        sample: [
          { id: 1, slug: "a-b", name: "Alpha" },
          { id: 2, slug: "b-c", name: "Beta" },
        ],
      }),
    ).toBe("#1 Alpha, #2 Beta");
    expect(summarizeAuditDetails({ sample: { insertedIds: [7, 8], updatedIds: [3] } })).toBe("new #7, #8 · updated #3");
    expect(summarizeAuditDetails({ sample: [1, 2, 3, 4, 5, 6] })).toBe("#1, #2, #3, #4, #5, …");
  });
});
