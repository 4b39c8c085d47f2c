// formatSummary: the missing-PostgreSQL warning comes first, skipped tests are named per project, the last line stays
// "Tests: N passed, N failed, N skipped".
import { describe, expect, it } from "vitest";
import { formatSummary, type SummaryInput } from "./summary-reporter";

const pgliteOnly: SummaryInput = {
  configuredProjects: ["unit", "integration-pglite", "browser", "load"],
  perProject: new Map([
    ["unit", { passed: 3, failed: 0, skipped: 0, modules: 1, skippedTests: [] }],
    [
      "integration-pglite",
      { passed: 2, failed: 0, skipped: 1, modules: 2, skippedTests: ["ingest-cli/a.integration.test.ts › kill > at 30 points"] },
    ],
  ]),
  total: { passed: 5, failed: 0, skipped: 1 },
};

describe("formatSummary", () => {
  it("says first that the PostgreSQL-only tests did not run, names the skipped tests, and ends on the totals", () => {
    const lines = formatSummary(pgliteOnly).trimEnd().split("\n");
    expect(lines[1]).toMatch(/^NOTE: the PostgreSQL-only fault tests did not run: DATABASE_URL is unset/);
    expect(lines).toContain("    ingest-cli/a.integration.test.ts › kill > at 30 points");
    expect(lines.indexOf("Skipped:")).toBeGreaterThan(lines.indexOf("  unit: 3 passed, 0 failed, 0 skipped"));
    expect(lines.at(-1)).toBe("Tests: 5 passed, 0 failed, 1 skipped");
  });

  it("warns about an unselected integration-postgres project, and not at all when it ran or no integration ran", () => {
    const configured = [...pgliteOnly.configuredProjects, "integration-postgres"];
    expect(formatSummary({ ...pgliteOnly, configuredProjects: configured })).toMatch(/integration-postgres project was not selected/);
    const both = new Map(pgliteOnly.perProject);
    both.set("integration-postgres", { passed: 3, failed: 0, skipped: 0, modules: 2, skippedTests: [] });
    expect(formatSummary({ ...pgliteOnly, configuredProjects: configured, perProject: both })).not.toMatch(/NOTE:/);
    const unitOnly = new Map([...pgliteOnly.perProject].filter(([name]) => name === "unit"));
    expect(formatSummary({ ...pgliteOnly, perProject: unitOnly })).not.toMatch(/NOTE:|Skipped:/);
  });
});
