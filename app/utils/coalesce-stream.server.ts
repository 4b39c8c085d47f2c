// React's many small HTML writes → fewer, larger chunks, so compression and the response stream work per chunk, not per write.
import { Transform, type TransformCallback } from "node:stream";

/** Above this many buffered bytes a chunk is passed on at once rather than at the end of the tick. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/**
 * Collects the chunks written in one event-loop turn and passes them on as one. React writes a rendered shell as
 * dozens of ~2 KB pieces in a single turn; each piece would otherwise cost a zlib call and a web-stream hop.
 * NOTE: streaming is kept: what is buffered goes out by the next `setImmediate`, before any later Suspense chunk.
 */
export function createCoalescingStream(maxBufferedBytes = MAX_BUFFERED_BYTES): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let scheduled: NodeJS.Immediate | undefined;
  const flushPending = (stream: Transform) => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (pendingBytes === 0) return;
    stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  return new Transform({
    transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback) {
      const buffer = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
      pending.push(buffer);
      pendingBytes += buffer.length;
      if (pendingBytes >= maxBufferedBytes) flushPending(this);
      else if (!scheduled) scheduled = setImmediate(() => flushPending(this));
      callback();
    },
    flush(callback: TransformCallback) {
      flushPending(this);
      callback();
    },
  });
}
