import { describe, expect, it } from "vitest";
import { CopyTextReader, unescapeCopyField } from "./copy-text.ts";

describe("CopyTextReader", () => {
  const output = Buffer.from(
    "1\tcafe-zurich\t2026-11-21T12:00:00Z\tcafe\tCH\tzurich\n22\tbäckerei\t\\N\t\\N\tDE\t\\N\n333\ta\\tb\\\\c\\nd\tx\ty\tz\tw\n",
  );
  const collect = (reader: CopyTextReader, chunk: Uint8Array, rows: Array<Array<string | null>> = []) => {
    reader.pushLines(chunk, (buf, start, end) => rows.push(buf.toString("utf8", start, end).split("\t").map(unescapeCopyField)));
    return rows;
  };
  const expected = [
    ["1", "cafe-zurich", "2026-11-21T12:00:00Z", "cafe", "CH", "zurich"],
    ["22", "bäckerei", null, null, "DE", null],
    ["333", "a\tb\\c\nd", "x", "y", "z", "w"],
  ];

  it("reads lines and fields, nulls and escapes", () => {
    const reader = new CopyTextReader();
    expect(collect(reader, output)).toEqual(expected);
    expect(() => reader.finish()).not.toThrow();
  });

  it("reads the same rows however the bytes are cut", () => {
    for (let cut = 1; cut < output.length; cut++) {
      const reader = new CopyTextReader();
      const rows = collect(reader, new Uint8Array(output.subarray(cut)), collect(reader, output.subarray(0, cut)));
      reader.finish();
      expect(rows).toEqual(expected);
    }
  });

  it("reads the same lines in place when the bytes come one at a time", () => {
    const reader = new CopyTextReader();
    const lines: string[] = [];
    for (let i = 0; i < output.length; i++)
      reader.pushLines(output.subarray(i, i + 1), (buf, start, end) => lines.push(buf.toString("utf8", start, end)));
    reader.finish();
    expect(lines).toEqual(output.toString("utf8").split("\n").slice(0, -1));
  });

  it("refuses output that stops inside a line", () => {
    const reader = new CopyTextReader();
    collect(reader, Buffer.from("1\tx\n2\ty"));
    expect(() => reader.finish()).toThrow(/inside a line/);
  });

  it("undoes COPY's backslash escapes", () => {
    expect(unescapeCopyField("\\N")).toBeNull();
    expect(unescapeCopyField("plain")).toBe("plain");
    expect(unescapeCopyField("\\\\N")).toBe("\\N");
    expect(unescapeCopyField("a\\rb\\x41\\101")).toBe("a\rbAA");
  });
});
