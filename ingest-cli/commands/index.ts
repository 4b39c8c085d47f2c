// Registers every command on the program; one file per command, each exporting `register(program)`.
import type { Command } from "commander";

type Register = (program: Command) => void;

const registrations: Register[] = [];

export function registerCommands(program: Command): void {
  for (const register of registrations) register(program);
}
