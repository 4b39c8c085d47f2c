import { describe, expect, it } from "vitest";
import { createCoalescingStream } from "./coalesce-stream.server";

function collect(stream: NodeJS.ReadableStream): { chunks: string[]; done: Promise<void> } {
  const chunks: string[] = [];
  const done = new Promise<void>((resolve) => {
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
    stream.on("end", () => resolve());
  });
  return { chunks, done };
}

describe("coalescing stream", () => {
  it("passes the writes of one turn on as one chunk, and later writes as another", async () => {
    const stream = createCoalescingStream();
    const out = collect(stream);
    stream.write("<html>");
    stream.write("<body>");
    stream.write(Buffer.from("shell"));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    stream.write("late");
    stream.end("</html>");
    await out.done;
    expect(out.chunks).toEqual(["<html><body>shell", "late</html>"]);
  });

  it("does not hold more than its limit", async () => {
    const stream = createCoalescingStream(4);
    const out = collect(stream);
    stream.write("abc");
    stream.write("def");
    stream.end("g");
    await out.done;
    expect(out.chunks).toEqual(["abcdef", "g"]);
  });
});
