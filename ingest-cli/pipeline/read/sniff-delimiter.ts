// A CSV sample → its delimiter among , ; tab |: the one whose count per line (outside quotes) is most consistent.

export const DELIMITER_CANDIDATES = [",", ";", "\t", "|"] as const;
export type CsvDelimiter = (typeof DELIMITER_CANDIDATES)[number];

const SNIFF_LINES = 50;

/** Counts each candidate per logical line, quotes respected; a header without the delimiter rules it out. */
export function sniffDelimiter(sample: string): CsvDelimiter {
  const counts = countDelimitersPerLine(sample);
  const header = counts[0];
  if (!header) return ",";
  let best: { delimiter: CsvDelimiter; agreeing: number; width: number } | undefined;
  DELIMITER_CANDIDATES.forEach((delimiter, index) => {
    const headerCount = header[index] ?? 0;
    if (headerCount === 0) return;
    // Rows agreeing with the header's count are the evidence; a stray ";" in free text rarely repeats that exactly.
    const agreeing = counts.filter((line) => line[index] === headerCount).length;
    if (!best || agreeing > best.agreeing || (agreeing === best.agreeing && headerCount > best.width)) {
      best = { delimiter, agreeing, width: headerCount };
    }
  });
  return best?.delimiter ?? ",";
}

/** Per non-blank logical line, the number of each candidate outside quotes; the last line is dropped if the sample cut it. */
function countDelimitersPerLine(sample: string): number[][] {
  const lines: number[][] = [];
  let current = [0, 0, 0, 0];
  let inQuotes = false;
  let hasContent = false;
  for (let i = 0; i < sample.length && lines.length < SNIFF_LINES; i++) {
    const char = sample[i];
    if (char === '"') {
      inQuotes = !inQuotes;
      hasContent = true;
    } else if (char === "\n" && !inQuotes) {
      if (hasContent) lines.push(current);
      current = [0, 0, 0, 0];
      hasContent = false;
    } else if (!inQuotes) {
      const index = DELIMITER_CANDIDATES.indexOf(char as CsvDelimiter);
      if (index !== -1) current[index] = (current[index] ?? 0) + 1;
      if (char !== " " && char !== "\r") hasContent = true;
    }
  }
  // A sample with a single line (no newline at all) is a whole file with one line: keep it.
  if (hasContent && lines.length === 0) lines.push(current);
  return lines;
}
