/**
 * A storage.jsonl that did not arrive whole (a failed or short copy from a
 * host, recorded in `storage.jsonl.incomplete`) must never be judged as if
 * whole: a missing record could hide a stale write. A checker that read
 * the storage records and called them valid is made unknown, with the lines
 * naming each host and file. A checker that found a violation keeps
 * INVALID: what the records that did arrive prove stays proven whatever is
 * missing (a stale write accepted is accepted). A checker whose question
 * did not arise (n/a: no fencing token, no certain expiry) keeps n/a: that
 * answer comes from the run's shape, not from the records' count. Checkers
 * that never look at the records keep their verdict.
 */
import { existsSync, readFileSync } from "node:fs";
import { INCOMPLETE_SUFFIX, type CheckResult, type Checker } from "../../../core/index.js";

/** The lines of `<storageFile>.incomplete`, or undefined when the file arrived whole. */
export function incompleteStorage(storageFile: string): string[] | undefined {
  const marker = `${storageFile}${INCOMPLETE_SUFFIX}`;
  if (!existsSync(marker)) return undefined;
  return readFileSync(marker, "utf8").split("\n").filter(Boolean);
}

/**
 * Wraps each checker so that, when it read any of the storage records and
 * called the run valid, its result is unknown with `reason` naming what is
 * missing (the run's verdict takes it as its reason), `staleWritesJudged`
 * false when it asked, and `validIfWhole` keeping what it said. An invalid,
 * unknown or n/a result is returned as it is. Pure apart from watching the reads.
 */
export function judgeIncompleteStorage(checkers: readonly Checker[], missing: readonly string[]): Checker[] {
  return checkers.map((checker) => ({
    name: checker.name,
    async check(input, opts) {
      let read = false;
      const storage = new Proxy(input.storage, {
        get(target, key, receiver) {
          read = true;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      const result: CheckResult = await checker.check({ ...input, storage }, opts);
      if (!read || result.valid !== true) return result;
      const reason = `storage.jsonl did not arrive whole: ${missing.join("; ")}`;
      return { ...result, valid: "unknown", validIfWhole: result.valid, reason, ...(result.staleWritesJudged !== undefined ? { staleWritesJudged: false } : {}) };
    },
  }));
}
