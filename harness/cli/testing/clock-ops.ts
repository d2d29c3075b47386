/**
 * The completed clock ops of a stored run's history, for tests that check
 * a clock fault landed: each node's asked offset, the offset its
 * processes read (`clocks`) and the tool that moved it (`tools`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** One node's move in a completed clock op. */
export interface ClockMove {
  readonly node: string;
  readonly askedMs: number;
  readonly readMs: number | undefined;
  readonly tool: string | undefined;
}

interface ClockOp { readonly process: unknown; readonly f: string; readonly type: string; readonly value: { skews: Record<string, { offsetMs: number }>; clocks?: Record<string, number>; tools?: Record<string, string> } }

/** Every node move of every completed (info) nemesis clock op in `runDir`'s history, in history order. */
export function clockMoves(runDir: string): ClockMove[] {
  const ops = readFileSync(join(runDir, "history.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line) as ClockOp);
  return ops
    .filter((op) => op.process === "nemesis" && op.f === "clock" && op.type === "info")
    .flatMap((op) => Object.entries(op.value.skews).map(([node, skew]) => ({ node, askedMs: skew.offsetMs, readMs: op.value.clocks?.[node], tool: op.value.tools?.[node] })));
}
