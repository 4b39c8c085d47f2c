// Optional first-letter filter, row limit and offset → SQL clauses with their parameters, for the count-table lists.

export function buildLetterAndLimit(letter?: string, limit?: number, offset?: number): { params: unknown[]; filter: string; top: string } {
  const params: unknown[] = [];
  let filter = "";
  if (letter) {
    params.push(letter);
    filter = `where first_letter = $${params.length}`;
  }
  let top = "";
  if (limit !== undefined) {
    params.push(limit);
    top = `limit $${params.length}`;
  }
  if (offset) {
    params.push(offset);
    top = `${top} offset $${params.length}`;
  }
  return { params, filter, top };
}
