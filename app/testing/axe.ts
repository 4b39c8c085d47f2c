// Browser page → axe-core accessibility violations of serious or critical impact (the ones a release must not have).
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE_PATH = require.resolve("axe-core/axe.min.js");
let axeSource: string | undefined;

export interface AxeViolationSummary {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe on the current page (WCAG 2 A/AA rules) and returns serious and critical violations only. */
export async function findSeriousAxeViolations(page: Page): Promise<AxeViolationSummary[]> {
  // NOTE: evaluated through the DevTools protocol, not added as a <script>: the pages' Content-Security-Policy
  // (rightly) refuses an inline script without its nonce.
  axeSource ??= fs.readFileSync(AXE_SOURCE_PATH, "utf8");
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(" ")),
    }));
  });
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}
