/**
 * Stable error codes. A caller switches on `code`, never on message text.
 * Messages follow one grammar: sentence case, values in quotes, the state
 * after a colon, no trailing period.
 */
export type HarnessErrorCode =
  | "config.invalid"
  | "input.invalid"
  | "prerequisite.missing"
  | "runtime.unavailable"
  | "runtime.node-start-failed"
  | "runtime.command-failed"
  | "nemesis.unsupported-fault"
  | "nemesis.fault-not-applied"
  | "adapter.invalid"
  | "store.invalid"
  | "store.write-failed"
  | "run.aborted"
  | "internal";

/** The exit code for each kind of harness error (Jepsen's convention). */
export function exitCodeFor(code: HarnessErrorCode): number {
  switch (code) {
    case "config.invalid":
    case "input.invalid":
    case "adapter.invalid":
    case "store.invalid":
    case "nemesis.unsupported-fault":
      return 254;
    default:
      return 255;
  }
}

/** An error with a stable code, the one class callers catch. */
export class HarnessError extends Error {
  override readonly name = "HarnessError";
  constructor(
    readonly code: HarnessErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What a finished command did (execa-shaped, for errors and logs). */
export interface ExecResult {
  readonly command: string;
  readonly exitCode: number | undefined;
  readonly signal: string | undefined;
  readonly stdout: string;
  readonly stderr: string;
  readonly durationMs: number;
}

/** A command that exited non-zero; carries the whole result. */
export class CommandError extends HarnessError {
  constructor(
    readonly result: ExecResult,
    context: string,
  ) {
    const why = result.stderr.trim().split("\n").at(-1) ?? "";
    const how = result.signal ? `killed by ${result.signal}` : `exited with code ${result.exitCode}`;
    super("runtime.command-failed", `${context}: "${result.command}" ${how}${why ? `: ${why}` : ""}`);
  }
}

/** Turns anything thrown into a one-line message. */
export function messageOf(error: unknown): string {
  // `await using` (TypeScript's helper on Node 20): the body's error, suppressed by the one its disposal threw; both are worth a line's words.
  if (error instanceof Error && error.name === "SuppressedError" && "error" in error && "suppressed" in error) {
    return `${messageOf(error.suppressed)} (and then, while stopping: ${messageOf(error.error)})`;
  }
  if (error instanceof Error) return error.message.split("\n")[0] ?? error.name;
  return String(error);
}
