/**
 * history.jsonl: one op per line, as JSON. Parsing validates every line and
 * names the file and line of the first bad one. A final line without a
 * newline that does not parse is the tail of a write cut short (a killed
 * harness) and is dropped, so a history is always checkable; `onCutShort`
 * is told its 1-based line.
 */
import { HarnessError } from "./errors.js";
import { isOpType, type Op, type ProcessId } from "./op.js";

/** Serializes an op as one line (no newline). */
export function encodeOp(op: Op): string {
  return JSON.stringify(op);
}

/** Parses a whole history.jsonl text; `source` names it in errors. */
export function parseHistoryJsonl(text: string, source: string, onCutShort?: (line: number) => void): Op[] {
  const lines = text.split("\n");
  const cutShort = !text.endsWith("\n");
  const ops: Op[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim() ?? "";
    if (line === "") continue;
    const last = i === lines.length - 1;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      if (last && cutShort) {
        onCutShort?.(i + 1);
        break;
      }
      throw new HarnessError("input.invalid", `Cannot read "${source}" line ${i + 1}: not JSON`);
    }
    ops.push(parseOp(raw, `"${source}" line ${i + 1}`));
  }
  return ops;
}

/** Validates one decoded op; `where` names it in errors. */
export function parseOp(raw: unknown, where: string): Op {
  const bad = (why: string): never => {
    throw new HarnessError("input.invalid", `Cannot read ${where}: ${why}`);
  };
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return bad("not an object");
  const o = raw as Record<string, unknown>;
  if (!isOpType(o.type)) return bad(`"type" must be invoke, ok, fail or info, got ${JSON.stringify(o.type)}`);
  if (!isProcess(o.process)) return bad(`"process" must be a number or "nemesis"`);
  if (typeof o.f !== "string") return bad(`"f" must be a string`);
  if (typeof o.time !== "number" || !Number.isFinite(o.time)) return bad(`"time" must be a number`);
  if (typeof o.index !== "number" || !Number.isInteger(o.index)) return bad(`"index" must be an integer`);
  if (o.type === "fail" && !isOpError(o.error)) return bad(`a fail needs an "error" with code, message and definite`);
  return o as unknown as Op;
}

function isProcess(x: unknown): x is ProcessId {
  return x === "nemesis" || (typeof x === "number" && Number.isInteger(x) && x >= 0);
}

function isOpError(x: unknown): boolean {
  if (typeof x !== "object" || x === null) return false;
  const e = x as Record<string, unknown>;
  return typeof e.code === "string" && typeof e.message === "string" && typeof e.definite === "boolean";
}
