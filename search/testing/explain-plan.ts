// An EXPLAIN (format json) answer → every node of its plan, for tests that check which index a statement reads.
export interface PlanNode {
  "Node Type"?: string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Subplan Name"?: string;
  "Actual Loops"?: number;
  "Actual Rows"?: number;
  "Heap Fetches"?: number;
  Filter?: string;
  "Recheck Cond"?: string;
  Plans?: PlanNode[];
}

/** The answer as postgres.js parses it, or its text on PGlite. */
export type ExplainJson = Array<{ Plan: PlanNode }> | string;

/** Every node of the plan, depth first. */
export function flattenPlan(raw: ExplainJson | undefined): PlanNode[] {
  const nodes: PlanNode[] = [];
  const visit = (node: PlanNode | undefined) => {
    if (!node) return;
    nodes.push(node);
    node.Plans?.forEach(visit);
  };
  visit((typeof raw === "string" ? (JSON.parse(raw) as Array<{ Plan: PlanNode }>) : raw)?.[0]?.Plan);
  return nodes;
}
