// The CLI's command table: every registered command loads only its own module (a command missing from the table
// makes each of its runs load every command, about a second more per run).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram, COMMAND_MODULES } from "./index.ts";

describe("the CLI's command table", () => {
  it("names every top-level command, and each entry's module registers that command", async () => {
    const program = await buildProgram();
    const registered = program.commands.map((command) => command.name()).sort();
    expect(Object.keys(COMMAND_MODULES).sort()).toEqual(registered);
    for (const [name, load] of Object.entries(COMMAND_MODULES)) {
      const { Command } = await import("commander");
      const alone = new Command();
      (await load()).register(alone);
      expect(
        alone.commands.map((command) => command.name()),
        name,
      ).toContain(name);
    }
  }, 60_000);
});

describe("the README's CLI section", () => {
  it("names every command and each of its options, and no option --help does not know", async () => {
    const readme = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "README.md"), "utf8");
    const start = readme.indexOf("## The operator CLI");
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    expect(section.length).toBeGreaterThan(1000);
    const program = await buildProgram();
    const walk = (command: Command, prefix: string): Array<{ name: string; command: Command }> =>
      command.commands.flatMap((sub) => [{ name: `${prefix}${sub.name()}`, command: sub }, ...walk(sub, `${prefix}${sub.name()} `)]);
    const known = new Set(["--help", "--version", "--verbose", "--json"]);
    const gaps: string[] = [];
    for (const { name, command } of walk(program, "")) {
      if (!section.includes(`\`${name}`)) gaps.push(`command ${name}`);
      for (const option of command.options) {
        if (!option.long) continue;
        known.add(option.long);
        if (!section.includes(option.long)) gaps.push(`${name} ${option.long}`);
      }
    }
    const stale = [...new Set(section.match(/--[a-z][a-z-]*/g) ?? [])].filter((option) => !known.has(option));
    expect({ missingFromReadme: gaps, unknownToHelp: stale }).toEqual({ missingFromReadme: [], unknownToHelp: [] });
  }, 60_000);
});

describe("a reader that closes its end early", () => {
  it("is not a crash: `directory --help | head -1` exits 0 with nothing on stderr", async () => {
    const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), "bin", "directory.mjs");
    const child = spawn(process.execPath, [bin, "--help"], { stdio: ["ignore", "pipe", "pipe"] });
    // The read end closes before the first write, so every write the CLI makes meets EPIPE.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  }, 60_000);
});
