// The CLI's command table: every registered command loads only its own module (a command missing from the table
// makes each of its runs load every command, about a second more per run).
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
