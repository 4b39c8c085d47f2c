// Vitest reporter: a warning line first when the PostgreSQL-only fault tests did not run, per-project counts, the
// skipped tests by name, then one plain closing line "Tests: N passed, N failed, N skipped" so CI logs show which
// drivers ran and end on a summary any log reader understands.
import path from "node:path";
import type { Reporter, TestModule, Vitest } from "vitest/node";

type Counts = { passed: number; failed: number; skipped: number };

export type SummaryInput = {
  // Every project in the configuration, whether or not this run selected files from it.
  configuredProjects: readonly string[];
  perProject: ReadonlyMap<string, Counts & { modules: number; skippedTests: readonly string[] }>;
  total: Counts;
};

// NOTE: the PostgreSQL-only fault tests (kill, restart, outage, concurrency) are `runIf(postgres)` in files that also
// run on PGlite, so a run without DATABASE_URL looks green while they never ran: say so before anything else.
function describeMissingPostgres(input: SummaryInput): string | null {
  const pgliteRan = (input.perProject.get("integration-pglite")?.modules ?? 0) > 0;
  if (!pgliteRan) return null;
  if (!input.configuredProjects.includes("integration-postgres")) {
    return "NOTE: the PostgreSQL-only fault tests did not run: DATABASE_URL is unset, so the integration-postgres project is absent.";
  }
  if ((input.perProject.get("integration-postgres")?.modules ?? 0) === 0) {
    return "NOTE: the PostgreSQL-only fault tests did not run: the integration-postgres project was not selected.";
  }
  return null;
}

export function formatSummary(input: SummaryInput): string {
  const names = [...input.perProject.keys()].sort((a, b) => a.localeCompare(b));
  const lines: string[] = [""];
  const warning = describeMissingPostgres(input);
  if (warning) lines.push(warning);
  lines.push("By project:");
  for (const name of names) {
    const c = input.perProject.get(name)!;
    lines.push(`  ${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
  }
  const skipped = names.filter((name) => input.perProject.get(name)!.skippedTests.length > 0);
  if (skipped.length > 0) {
    lines.push("Skipped:");
    for (const name of skipped) {
      lines.push(`  ${name}:`);
      for (const test of input.perProject.get(name)!.skippedTests) lines.push(`    ${test}`);
    }
  }
  lines.push(`Tests: ${input.total.passed} passed, ${input.total.failed} failed, ${input.total.skipped} skipped`);
  return `${lines.join("\n")}\n`;
}

export default class SummaryReporter implements Reporter {
  private configuredProjects: string[] = [];
  private root = process.cwd();

  onInit(vitest: Vitest) {
    this.configuredProjects = vitest.projects.map((project) => project.name || "default");
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const perProject = new Map<string, Counts & { modules: number; skippedTests: string[] }>();
    const total = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      const name = module.project.name || "default";
      const counts = perProject.get(name) ?? { passed: 0, failed: 0, skipped: 0, modules: 0, skippedTests: [] };
      counts.modules++;
      const file = path.relative(this.root, module.moduleId);
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        const key = state === "passed" ? "passed" : state === "failed" ? "failed" : "skipped";
        counts[key]++;
        total[key]++;
        if (key === "skipped") counts.skippedTests.push(`${file} › ${test.fullName}`);
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) {
        counts.failed++;
        total.failed++;
      }
      perProject.set(name, counts);
    }
    total.failed += unhandledErrors.length;
    process.stdout.write(formatSummary({ configuredProjects: this.configuredProjects, perProject, total }));
  }
}
