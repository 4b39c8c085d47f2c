import { describe, expect, it } from "vitest";
import { AD_SLOT_MAX_BYTES, SITE_CODE_MAX_BYTES } from "../models/site-code.server.ts";
import { BODY_LIMIT_BYTES, readBodyLimit, SITE_CODE_BODY_LIMIT_BYTES } from "./body-limit.ts";

describe("readBodyLimit", () => {
  it("exempts exactly the streamed upload routes, in every spelling Remix routes to them", () => {
    for (const path of ["/api/upload-excel", "/api/upload-excel-batch", "/API/Upload-Excel", "/api/upload-excel-batch/"])
      expect(readBodyLimit(path), path).toBeNull();
    for (const path of ["/api/upload-excel-batch2", "/api/upload%2Dexcel", "/admin/upload", "/api/upload-excel/x"])
      expect(readBodyLimit(path), path).toBe(BODY_LIMIT_BYTES);
  });

  it("gives site code and ad code room for their areas, however the client encodes them, and everything else 64 KB", () => {
    expect(readBodyLimit("/api/admin/site-settings")).toBe(SITE_CODE_BODY_LIMIT_BYTES);
    expect(readBodyLimit("/api/admin/advertisement-codes")).toBe(SITE_CODE_BODY_LIMIT_BYTES);
    // Four areas, each at its cap, percent-encoded non-ASCII text (3 bytes per byte) still fit.
    expect(SITE_CODE_BODY_LIMIT_BYTES).toBeGreaterThanOrEqual(3 * 4 * SITE_CODE_MAX_BYTES);
    expect(SITE_CODE_BODY_LIMIT_BYTES).toBeGreaterThanOrEqual(3 * 4 * AD_SLOT_MAX_BYTES);
    for (const path of ["/api/contact", "/contact", "/admin/login", "/api/admin/login", "/admin/messages", "/"])
      expect(readBodyLimit(path), path).toBe(BODY_LIMIT_BYTES);
  });
});
