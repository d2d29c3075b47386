/**
 * The fault-timing part of `npm run bench:run`: how late each nemesis start
 * and stop took effect against its schedule, from the run's own history.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { median, runCli, runDir } from "./cli-run.js";

interface NemesisOp {
  readonly time: number;
  readonly type: string;
  readonly f: string;
  readonly process: unknown;
}

/**
 * Per fault op: completion time minus scheduled time (ms), as the fault
 * cycle schedules them. The first fault falls due during bring-up, so its
 * own invocation is its schedule.
 */
function lateness(history: readonly NemesisOp[], start: string, stop: string, intervalMs: number, durationMs: number): { f: string; ms: number }[] {
  const late: { f: string; ms: number }[] = [];
  let due: number | undefined;
  for (const op of history) {
    if (op.process !== "nemesis" || (op.f !== start && op.f !== stop)) continue;
    if (op.type === "invoke") {
      due ??= op.time;
      continue;
    }
    late.push({ f: op.f, ms: (op.time - (due ?? op.time)) / 1e6 });
    due = op.time + (op.f === start ? durationMs : intervalMs) * 1e6;
  }
  return late;
}

export async function faults(print: (line: string) => void, store: string, seconds: number): Promise<void> {
  print(`# fault timing: reference lock, --nemesis-interval 1, ${seconds} s: completion minus schedule per nemesis op`);
  const cases = [
    { nemesis: "partition", start: "start-partition", stop: "stop-partition", durationMs: 3000 },
    { nemesis: "pause", start: "pause", stop: "resume", durationMs: 2000 },
  ];
  for (const c of cases) {
    const run = await runCli(["--lock", "reference", "--storage", "fenced", "--nemesis", c.nemesis, "--nemesis-interval", "1", "--time-limit", String(seconds), "--seed", "1"], store);
    const dir = runDir(run);
    if (!dir) {
      print(`${c.nemesis}: no run folder (exit ${String(run.code)})`);
      continue;
    }
    const history = readFileSync(join(dir, "history.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as NemesisOp);
    const late = lateness(history, c.start, c.stop, 1000, c.durationMs);
    const errors = history.filter((op) => op.process === "nemesis" && "error" in op).length;
    const worst = Math.max(...late.map((l) => l.ms));
    print(`${c.nemesis.padEnd(10)} ${late.length} ops, late by median ${median(late.map((l) => l.ms)).toFixed(0)} ms, worst ${worst.toFixed(0)} ms; ${errors} with an error`);
  }
}
