// Tests → one command group's `register` run in-process through commander, with stdout and stderr captured.
import { Command } from "commander";
import { vi } from "vitest";

export async function runRegisteredCommand(register: (program: Command) => void, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const program = new Command().exitOverride();
  register(program);
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    await program.parseAsync(["node", "directory", ...args]);
  } finally {
    vi.restoreAllMocks();
  }
  return { stdout, stderr };
}
