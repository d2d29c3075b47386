import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseHistoryJsonl } from "../../core/index.js";
import { checkLockHistory } from "./from-history.js";
import { checkLockPartitions } from "./lock-partitions.js";

/** Runs recorded by `fencecheck run` (harness/store/fixtures), one of them not linearizable. */
const FIXTURES = join(import.meta.dirname, "../../harness/store/fixtures");
const RUNS = readdirSync(FIXTURES).filter((run) => !run.includes("lock-mutex"));

describe("checkLockPartitions, one resource at a time", () => {
  it.each(RUNS)("%s: the same verdict, partitions and counterexamples as checking every resource at once", (run) => {
    const history = parseHistoryJsonl(readFileSync(join(FIXTURES, run, "history.jsonl"), "utf8"), "history.jsonl");
    const whole = checkLockHistory(history, { allPartitions: true });
    const parts = whole.info?.partitions ?? [];
    const one = checkLockPartitions(history, {});
    expect(one.verdict).toBe(whole.result);
    expect(one.partitions).toBe(parts.length);
    expect(one.operations).toBe(parts.reduce((n, p) => n + p.operations.length, 0));
    const summary = (p: (typeof parts)[number]): unknown => ({ index: p.index, outcome: p.outcome, descriptions: p.descriptions });
    expect(one.failed.map(summary)).toStrictEqual(parts.filter((p) => p.outcome.result !== "ok").map(summary));
    if (run === "reference-unfenced-pause-holder") expect(one.verdict).toBe("illegal");
  });
});
