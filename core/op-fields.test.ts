import { describe, expect, it } from "vitest";
import { CompactHistory } from "./compact-history.js";
import { historyView } from "./compact-view.js";
import { indexedPairs, type History } from "./history.js";
import type { Op } from "./op.js";
import { lastTime, nemesisOps, opFields, pairPositions } from "./op-fields.js";

/** Every kind of field, an op the columns keep whole (an extra field), a completion without invoke and an unanswered invoke. */
const OPS: readonly Op[] = [
  { index: 0, time: 10, process: 0, type: "invoke", f: "acquire", value: { resource: "r1" }, node: "c1" } as Op,
  { index: 1, time: 20, process: "nemesis", type: "invoke", f: "pause", value: { nodes: ["c1"] } } as Op,
  { index: 2, time: 30, process: 0, type: "ok", f: "acquire", value: { resource: "r1", token: "7" }, node: "c1" } as Op,
  { index: 3, time: 25, process: 4, type: "fail", f: "write", value: null, node: "c2", error: { code: "stale-token", message: "no", definite: true } } as Op,
  { index: 4, time: 40, process: "nemesis", type: "info", f: "pause", value: { nodes: ["c1"] }, extra: 1 } as unknown as Op,
  { index: 5, time: 50, process: 1, type: "invoke", f: "write", value: { resource: "r2", value: "é" } } as Op,
  { index: 6, time: 60, process: 1, type: "info", f: "write", value: "plain", error: { code: "timeout", message: "late", definite: false } } as Op,
  { index: 7, time: 70, process: 2, type: "invoke", f: "read", value: 0 } as Op,
];

function asColumns(ops: readonly Op[]): History {
  const compact = new CompactHistory();
  for (const op of ops) compact.append(op);
  return historyView(compact);
}

describe("op fields read by position", () => {
  it.each([["op objects", OPS], ["columns", asColumns(OPS)]] as const)("read over %s every field each op has", (_, history) => {
    const fields = opFields(history);
    expect(fields.length).toBe(OPS.length);
    OPS.forEach((op, i) => {
      expect([fields.time(i), fields.type(i), fields.f(i), fields.process(i), fields.node(i), fields.value(i)]).toEqual([op.time, op.type, op.f, op.process, op.node, op.value]);
      expect(fields.error(i)).toEqual("error" in op ? op.error : undefined);
    });
  });

  it.each([["op objects", OPS], ["columns", asColumns(OPS)]] as const)("pair as indexedPairs pairs over %s, and find the last time and the nemesis's ops", (_, history) => {
    const { n, invokeAt, completionAt } = pairPositions(history);
    const expected = indexedPairs(OPS);
    expect(n).toBe(expected.length);
    expect([...invokeAt]).toEqual(expected.map((p) => p.invokeAt));
    expect([...completionAt]).toEqual(expected.map((p) => p.completionAt ?? -1));
    expect(lastTime(history)).toBe(70);
    expect(nemesisOps(history)).toEqual([OPS[1], OPS[4]]);
  });
});
