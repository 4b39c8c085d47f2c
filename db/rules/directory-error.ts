// One error base for every layer: a stable SCREAMING_SNAKE `code` and a message that says how to fix the failure.

/** A failure the operator or the admin can act on; the CLI prints `error CODE: message` from these two fields. */
export class DirectoryError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "DirectoryError";
  }
}

/**
 * "CODE: message" for a DirectoryError, the message of any other Error, else the value as text.
 * NOTE: use this wherever an error's text is embedded in another message, so a coded error keeps its code there.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof DirectoryError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
