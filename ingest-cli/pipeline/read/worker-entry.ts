// A worker entry file's project-relative path → its absolute path, found by walking up from the calling module.
import { DirectoryError } from "../../../db/rules/directory-error.ts";
import fs from "node:fs";
import path from "node:path";

/**
 * Worker entries sit in the source tree; from a bundle (build/index.js) `import.meta.url` points into build/,
 * so walk up until the project folder that holds the file.
 */
export function findWorkerEntry(relativeFile: string, start: string): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, relativeFile);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new DirectoryError("WORKER_ENTRY_NOT_FOUND", `no ${relativeFile} above ${start}; run from the project folder.`);
    dir = parent;
  }
}
