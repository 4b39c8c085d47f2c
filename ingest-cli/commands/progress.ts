// Work done so far → progress on stderr: total, percent, rate and ETA; a redrawn bar on a TTY, a plain line every few
// seconds otherwise (logs stay short), never on stdout (--json and `--out -` stay machine-clean).
import { formatBytes } from "./shared.ts";

/** Plain (non-TTY) lines at most this often; DIRECTORY_PROGRESS_EVERY_MS overrides it (tests, busy logs). */
export const PLAIN_EVERY_MS = 5000;
const TTY_EVERY_MS = 100;
const BAR_WIDTH = 24;

export interface ProgressOptions {
  /** The amount of work in all, when known: percent and ETA are shown then. */
  total?: number;
  /** What is counted: "rows" (default), "businesses", "groups"… or "bytes" (shown as KB/MB/GB). */
  unit?: string;
  everyMs?: number;
  stream?: NodeJS.WriteStream;
}

/** "0:07", "12:03", "1:02:03". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function plainEveryMs(given: number | undefined): number {
  const fromEnv = Number(process.env.DIRECTORY_PROGRESS_EVERY_MS);
  return given ?? (Number.isFinite(fromEnv) && fromEnv >= 0 && process.env.DIRECTORY_PROGRESS_EVERY_MS ? fromEnv : PLAIN_EVERY_MS);
}

export interface Progress {
  /** `done` of the total; `detail` (e.g. rows beside bytes) is appended as given. */
  update(done: number, detail?: string): void;
  /** The last state, always printed (the bar's line ended). */
  finish(done: number, detail?: string): void;
  /** A line of its own (a phase such as "refreshing counts…"), after the bar. */
  note(text: string): void;
  /** Seconds since the progress started. */
  elapsedSeconds(): number;
  /** The total once it is known (a count that runs after the work started). */
  setTotal(total: number): void;
}

export function createProgress(label: string, totalOrOptions?: number | ProgressOptions, everyMs?: number): Progress {
  const options: ProgressOptions = typeof totalOrOptions === "object" ? totalOrOptions : { total: totalOrOptions, everyMs };
  const stream = options.stream ?? process.stderr;
  const tty = Boolean(stream.isTTY);
  const every = tty ? TTY_EVERY_MS : plainEveryMs(options.everyMs);
  const unit = options.unit ?? "rows";
  let total = options.total !== undefined && options.total > 0 ? options.total : undefined;
  const started = Date.now();
  let last = started;
  let barOpen = false;
  const amount = (n: number) => (unit === "bytes" ? formatBytes(n) : `${Math.round(n).toLocaleString("en-US")} ${unit}`);
  const rateOf = (n: number, seconds: number) =>
    unit === "bytes" ? `${formatBytes(n / seconds)}/s` : `${Math.round(n / seconds).toLocaleString("en-US")} ${unit}/s`;

  const render = (done: number, detail: string | undefined, final: boolean) => {
    const now = Date.now();
    if (!final && now - last < every) return;
    last = now;
    const seconds = Math.max((now - started) / 1000, 0.001);
    const parts: string[] = [];
    let bar = "";
    if (total !== undefined) {
      const fraction = Math.min(1, done / total);
      const pct = Math.floor(fraction * 100);
      const filled = Math.round(fraction * BAR_WIDTH);
      bar = `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] `;
      parts.push(
        `${pct}%`,
        unit === "bytes" ? `${amount(done)} of ${amount(total)}` : `${Math.round(done).toLocaleString("en-US")} of ${amount(total)}`,
      );
    } else parts.push(amount(done));
    if (detail) parts.push(detail);
    parts.push(rateOf(done, seconds));
    if (final) parts.push(`${formatDuration(seconds)} elapsed`);
    else if (total !== undefined && done > 0) parts.push(`ETA ${formatDuration(((total - Math.min(done, total)) * seconds) / done)}`);
    if (tty) {
      stream.write(`\r\x1b[2K${label} ${bar}${parts.join(", ")}${final ? "\n" : ""}`);
      barOpen = !final;
    } else stream.write(`${label}: ${parts.join(", ")}\n`);
  };
  return {
    update: (done, detail) => render(done, detail, false),
    finish: (done, detail) => render(done, detail, true),
    note(text) {
      stream.write(`${barOpen ? "\n" : ""}${label}: ${text}\n`);
      barOpen = false;
    },
    elapsedSeconds: () => (Date.now() - started) / 1000,
    setTotal(value) {
      total = value > 0 ? value : undefined;
    },
  };
}
