// The dashboard's CPU gauge reads the machine (every process), not only the server's own share: a busy process beside
// the server moves the gauge while the server's share stays near zero.
import { spawn } from "node:child_process";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { sampleCpuPercent } from "./admin-dashboard.server";

describe("sampleCpuPercent", () => {
  it("counts another process's busy core in the machine figure, not in the server's share", async () => {
    const cores = Math.max(1, os.availableParallelism());
    // One busy core out of `cores`: at least this share of the machine, whatever else the machine runs.
    const floor = (100 / cores) * 0.6;
    const busy = spawn(process.execPath, ["-e", "const end = Date.now() + 1500; while (Date.now() < end) {}"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => setTimeout(resolve, 250));
      sampleCpuPercent();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const sample = sampleCpuPercent();
      expect(sample.machine).toBeGreaterThanOrEqual(floor);
      expect(sample.process).toBeLessThan(sample.machine);
      // Within a moment of a sample the figures repeat instead of dividing one kernel tick by nothing.
      expect(sampleCpuPercent()).toEqual(sample);
    } finally {
      busy.kill();
    }
  });
});
