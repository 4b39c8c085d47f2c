// --base-url text → the absolute site root every sitemap URL starts with (http/https, no trailing slash, no query).
import { DirectoryError } from "../../../db/rules/directory-error.ts";

export class InvalidBaseUrlError extends DirectoryError {
  constructor(given: string, why: string) {
    super("INVALID_BASE_URL", `--base-url "${given}" ${why}; give the public site root, e.g. https://www.example.com`);
    this.name = "InvalidBaseUrlError";
  }
}

/** "https://Example.com/" → "https://example.com"; "https://example.com/dir/" → "https://example.com/dir". */
export function normalizeBaseUrl(input: string): string {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidBaseUrlError(input, "is not an absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InvalidBaseUrlError(input, "must start with http:// or https://");
  if (url.username || url.password) throw new InvalidBaseUrlError(input, "must not carry a user name or password");
  if (url.search || url.hash || text.includes("?") || text.includes("#")) throw new InvalidBaseUrlError(input, "must not have a query or fragment");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
