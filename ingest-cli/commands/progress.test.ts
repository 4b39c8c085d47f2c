import { describe, expect, it } from "vitest";
import { createProgress, formatDuration } from "./progress.ts";

/** A stderr stand-in that keeps what was written. */
function fakeStream(isTTY: boolean): NodeJS.WriteStream & { text: string } {
  const stream = {
    isTTY,
    text: "",
    write(chunk: string) {
      stream.text += chunk;
      return true;
    },
  };
  return stream as unknown as NodeJS.WriteStream & { text: string };
}

describe("createProgress", () => {
  it("redraws one bar on a TTY and ends its line before a note and at the finish", () => {
    const stream = fakeStream(true);
    const progress = createProgress("Importing a.csv", { total: 2048, unit: "bytes", stream, everyMs: 0 });
    progress.note("refreshing counts…");
    progress.finish(2048, "10 rows");
    // NOTE: the bar's "clear the line" escape is swapped for a marker, so the pattern needs no control character.
    expect(stream.text.replaceAll("\u001b[2K", "<clear>")).toMatch(
      /^Importing a\.csv: refreshing counts…\n\r<clear>Importing a\.csv \[#{24}\] 100%, 2\.0 KB of 2\.0 KB, 10 rows, .+\/s, 0:00 elapsed\n$/,
    );
  });

  it("prints plain lines no more often than asked, with percent, rate and ETA", () => {
    const stream = fakeStream(false);
    const progress = createProgress("reindex", { total: 1000, stream, everyMs: 60_000 });
    progress.update(10);
    expect(stream.text).toBe("");
    progress.finish(1000);
    expect(stream.text).toMatch(/^reindex: 100%, 1,000 of 1,000 rows, [\d,]+ rows\/s, 0:00 elapsed\n$/);
  });

  it("formats durations as m:ss or h:mm:ss", () => {
    expect(formatDuration(7)).toBe("0:07");
    expect(formatDuration(723)).toBe("12:03");
    expect(formatDuration(3723)).toBe("1:02:03");
  });
});
