/**
 * fencecheck's own history.jsonl (see core history-codec): every
 * line is validated there; the key of an op is its value's `key` field when
 * the value is a `{key, value}` map.
 */
import { parseHistoryJsonl } from "../../../core/index.js";
import type { JepsenOp, OnCutShort } from "./jepsen-op.js";

/** Parses a history.jsonl text; `source` names the file in errors; a cut-short last line goes to `onCutShort`. */
export function parseJsonlHistory(text: string, source: string, onCutShort?: OnCutShort): JepsenOp[] {
  const lines = lineNumbers(text);
  const ops: JepsenOp[] = [];
  parseHistoryJsonl(text, source, onCutShort).forEach((op, i) => {
    if (typeof op.process !== "number") return;
    const base = { process: op.process, type: op.type, f: op.f, line: lines[i] ?? 0 };
    const v = op.value as Record<string, unknown> | null;
    const keyed = typeof v === "object" && v !== null && !Array.isArray(v) && "key" in v && "value" in v;
    const errorCode = op.type === "fail" || op.type === "info" ? op.error?.code : undefined;
    ops.push({
      ...base,
      value: keyed ? v.value : op.value,
      ...(keyed ? { key: v.key } : {}),
      ...(errorCode !== undefined ? { errorCode } : {}),
    });
  });
  return ops;
}

/** The 1-based line of each non-blank line, in order. */
function lineNumbers(text: string): number[] {
  const out: number[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() !== "") out.push(i + 1);
  });
  return out;
}
