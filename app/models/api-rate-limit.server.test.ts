// Which requests the public API rate limit counts, and RATE_LIMIT_PER_MINUTE's validation (default, 0 = off, refusals).
import { describe, expect, it } from "vitest";
import { isRateLimitedRequest } from "./api-rate-limit.server";
import { DEFAULT_RATE_LIMIT_PER_MINUTE, parseAppEnv } from "./env.server";

describe("isRateLimitedRequest", () => {
  it("counts reads of the public API only", () => {
    expect(isRateLimitedRequest("GET", "/api/search")).toBe(true);
    expect(isRateLimitedRequest("HEAD", "/API/Suggest")).toBe(true);
    expect(isRateLimitedRequest("GET", "/api/businesses/some-slug")).toBe(true);
    // Pages, the admin's API and writes (admin uploads and edits, the contact form's own limit) are not counted.
    expect(isRateLimitedRequest("GET", "/search")).toBe(false);
    expect(isRateLimitedRequest("GET", "/api/admin/stats")).toBe(false);
    expect(isRateLimitedRequest("POST", "/api/contact")).toBe(false);
    expect(isRateLimitedRequest("POST", "/api/upload-excel-batch")).toBe(false);
    expect(isRateLimitedRequest("GET", "/apis")).toBe(false);
  });
});

describe("RATE_LIMIT_PER_MINUTE", () => {
  it("defaults, accepts 0 (off) and refuses what is not a whole number", () => {
    expect(parseAppEnv({}).RATE_LIMIT_PER_MINUTE).toBe(DEFAULT_RATE_LIMIT_PER_MINUTE);
    expect(parseAppEnv({ RATE_LIMIT_PER_MINUTE: "0" }).RATE_LIMIT_PER_MINUTE).toBe(0);
    expect(parseAppEnv({ RATE_LIMIT_PER_MINUTE: "120" }).RATE_LIMIT_PER_MINUTE).toBe(120);
    for (const bad of ["-1", "1.5", "lots", "100001"])
      expect(() => parseAppEnv({ RATE_LIMIT_PER_MINUTE: bad }), bad).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});
