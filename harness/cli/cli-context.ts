/** What every command gets from the process the CLI runs in (its own module, so no command imports main.ts). */
import type { CliIo } from "./io.js";

/** What the CLI gets from the process it runs in. */
export interface CliContext {
  readonly io: CliIo;
  readonly cwd: string;
  /** The arguments as typed (recorded so a run can be repeated exactly). */
  readonly argv: readonly string[];
  /** Aborted on Ctrl-C or SIGTERM. */
  readonly signal: AbortSignal;
  /**
   * Runs `work` with Ctrl-C and SIGTERM ending the process at once, as Node
   * does by default: for work that leaves nothing to clean up, such as
   * checking a history already stored. Absent: `work` runs as it is.
   */
  readonly endOnInterrupt?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** `ctx.endOnInterrupt`, or, where the process gives none (in-process tests), `work` run as it is. */
export function endingOnInterrupt(ctx: CliContext): <T>(work: () => Promise<T>) => Promise<T> {
  return ctx.endOnInterrupt ?? ((work) => work());
}
