/**
 * Jepsen 0.0.x text logs as porcupine reads them (etcd tests):
 * `INFO  jepsen.util - <process> :<type> :<f> <value>`, fields split by tabs
 * or runs of spaces; the value is EDN (`nil`, `3`, `[3 4]`, `:timed-out`).
 * Lines of other loggers are skipped; an op line that does not parse is an
 * error. Nemesis lines (`:nemesis` process) are left out.
 */
import { isOpType } from "../../../core/index.js";
import { EdnSyntaxError, readEdn } from "./edn.js";
import { badLine, unterminatedLastLine, type JepsenOp, type OnCutShort } from "./jepsen-op.js";

const OP_LINE = /^\s*(\S+)\s+:(\S+)\s+:(\S+)(?:\s+(.*?))?\s*$/;
const MARKER = "jepsen.util - ";

/** True when a line is an op line of a Jepsen text log. */
export function isEtcdLogLine(line: string): boolean {
  return /^\s*INFO\s+jepsen\.util\s+-\s/.test(line);
}

/**
 * Parses a Jepsen text log; `source` names the file in errors. A last line
 * without a newline that does not parse is left out and passed to
 * `onCutShort` (the tail of a write cut short).
 */
export function parseEtcdLog(text: string, source: string, onCutShort?: OnCutShort): JepsenOp[] {
  const ops: JepsenOp[] = [];
  const lines = text.split("\n");
  const cut = onCutShort === undefined ? undefined : unterminatedLastLine(text);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    try {
      const op = parseLine(raw, source, i + 1);
      if (op) ops.push(op);
    } catch (error) {
      if (cut !== i + 1) throw error;
      onCutShort!(cut);
    }
  }
  return ops;
}

function parseLine(raw: string, source: string, line: number): JepsenOp | undefined {
  if (!isEtcdLogLine(raw)) {
    if (raw.trim() !== "" && !/^\s*[A-Z]+\s+\S+\s+-\s/.test(raw)) badLine(source, line, "not a Jepsen log line");
    return undefined;
  }
  return parseOpLine(raw.slice(raw.indexOf(MARKER) + MARKER.length), source, line);
}

function parseOpLine(rest: string, source: string, line: number): JepsenOp | undefined {
  const m = OP_LINE.exec(rest);
  if (!m) return badLine(source, line, `expected "<process> :<type> :<f> <value>"`);
  const [, proc, type, f, valueText] = m;
  if (proc!.startsWith(":")) return undefined;
  if (!/^\d+$/.test(proc!)) return badLine(source, line, `process must be an integer, got "${proc}"`);
  if (!isOpType(type)) return badLine(source, line, `type must be :invoke, :ok, :fail or :info, got ":${type}"`);
  let value: unknown = null;
  if (valueText !== undefined && valueText !== "") {
    try {
      value = readEdn(valueText);
    } catch (error) {
      if (error instanceof EdnSyntaxError) return badLine(source, line, `bad value "${valueText}": ${error.message}`);
      throw error;
    }
  }
  const op: JepsenOp = { process: Number(proc), type, f: f!, value, line };
  return type === "fail" && typeof value === "string" ? { ...op, errorCode: value } : op;
}
