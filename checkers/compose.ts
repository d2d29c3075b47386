/**
 * Composition of checkers: each runs through `checkSafe`, and the run's
 * verdict comes from their results by `runVerdict` (false beats unknown
 * beats true, "n/a" never counts, and the stale-write question must have
 * been judged).
 */
import type { CheckInput, CheckResult, Checker, Validity } from "../core/index.js";
import { runVerdict } from "./verdict.js";

/** The run's verdict, why it is unknown (if it is), and each checker's result by name. */
export interface ComposedResult extends CheckResult {
  readonly valid: Validity;
  readonly reason?: string;
  readonly results: Readonly<Record<string, CheckResult>>;
}

/** Options passed through to every checker. */
export interface CheckOptions {
  readonly signal?: AbortSignal;
}

/** Options of a composition. */
export interface ComposeOptions {
  /**
   * Asked after each checker: a reason (such as a memory bound passed)
   * stops the composition there, and every checker not yet run gives
   * unknown with that reason; undefined goes on.
   */
  readonly stopReason?: () => string | undefined;
}

/** Wraps a checker so that a thrown error or rejection becomes `{valid: "unknown", error}`. */
export function checkSafe<R extends CheckResult>(checker: Checker<R>): Checker<R | CheckResult> {
  return {
    name: checker.name,
    async check(input: CheckInput, opts?: CheckOptions): Promise<R | CheckResult> {
      try {
        return await checker.check(input, opts);
      } catch (err) {
        return { valid: "unknown", error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

/** A checker (name "compose") running `checkers` in order; duplicate names get a "#2" suffix. */
export function compose(checkers: readonly Checker[], options: ComposeOptions = {}): Checker<ComposedResult> {
  return {
    name: "compose",
    async check(input: CheckInput, opts?: CheckOptions): Promise<ComposedResult> {
      const results: Record<string, CheckResult> = {};
      let stopped: string | undefined;
      for (const checker of checkers) {
        let name = checker.name;
        for (let n = 2; name in results; n++) name = `${checker.name}#${n}`;
        results[name] = stopped !== undefined ? { valid: "unknown", reason: `not run: ${stopped}` } : await checkSafe(checker).check(input, opts);
        stopped ??= options.stopReason?.();
      }
      return { ...runVerdict(results), results };
    },
  };
}
