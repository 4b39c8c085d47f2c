// Rejected source rows → a CSV with the original columns plus line, field and reason, so an operator can fix
// the rows and import that file again; every cell (headers included) goes through the export's formula guard,
// since a rejected row is exactly the hostile input an operator then opens in a spreadsheet.
import fs from "node:fs";
import { encodeCsvRecord } from "../export/csv-cell.ts";

export const REJECTED_EXTRA_COLUMNS = ["line", "field", "reason"] as const;

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Streams rows as they are rejected; memory stays flat however many there are. */
export class RejectedRowsWriter {
  private readonly stream: fs.WriteStream;
  private readonly headers: string[];

  constructor(filePath: string, headers: string[]) {
    this.headers = headers;
    this.stream = fs.createWriteStream(filePath);
    this.stream.write(encodeCsvRecord([...headers, ...REJECTED_EXTRA_COLUMNS]));
  }

  write(line: number, field: string | null, reason: string, raw: Record<string, unknown> | null): void {
    const values = this.headers.map((header) => cell(raw?.[header]));
    if (raw && "raw" in raw && this.headers.every((header) => !(header in raw))) values[0] = cell(raw.raw);
    this.stream.write(encodeCsvRecord([...values, String(line), field ?? "", reason]));
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.end((error?: Error | null) => (error ? reject(error) : resolve()));
    });
  }
}
