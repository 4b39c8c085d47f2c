// Vitest reporter: per-project counts, then one plain closing line "Tests: N passed, N failed, N skipped"
// so CI logs show which drivers ran and end on a summary any log reader understands.
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const perProject = new Map<string, { passed: number; failed: number; skipped: number }>();
    const total = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      const name = module.project.name || "default";
      const counts = perProject.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        const key = state === "passed" ? "passed" : state === "failed" ? "failed" : "skipped";
        counts[key]++;
        total[key]++;
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) {
        counts.failed++;
        total.failed++;
      }
      perProject.set(name, counts);
    }
    total.failed += unhandledErrors.length;
    const lines = [...perProject.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, c]) => `  ${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
    process.stdout.write(`\nBy project:\n${lines.join("\n")}\nTests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  }
}
