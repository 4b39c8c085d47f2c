import { describe, expect, it } from "vitest";
import { InvalidBaseUrlError, normalizeBaseUrl } from "./base-url.ts";

describe("normalizeBaseUrl", () => {
  it.each([
    ["https://www.example.com", "https://www.example.com"],
    ["https://www.example.com/", "https://www.example.com"],
    ["https://Example.COM///", "https://example.com"],
    ["http://localhost:3000/", "http://localhost:3000"],
    ["https://example.com/directory/", "https://example.com/directory"],
    ["  https://bücher.example/  ", "https://xn--bcher-kva.example"],
  ])("%j → %j", (input, expected) => expect(normalizeBaseUrl(input)).toBe(expected));

  it.each([
    "example.com",
    "ftp://example.com",
    "https://example.com/?page=1",
    "https://example.com/#top",
    "https://user:pw@example.com",
    "",
    "https://",
  ])("refuses %j", (input) => expect(() => normalizeBaseUrl(input)).toThrow(InvalidBaseUrlError));
});
