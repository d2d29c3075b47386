/**
 * The format-independent op every parser produces: Jepsen's op map cut
 * down to what the checker reads, plus the line it came from.
 */
import { HarnessError, isOpType, type OpType } from "../../../core/index.js";

/** One parsed history line. Nemesis ops are already left out. */
export interface JepsenOp {
  readonly process: number;
  readonly type: OpType;
  readonly f: string;
  readonly value: unknown;
  /** `:key` when present. */
  readonly key?: unknown;
  /** The error code of a failure, when the format has one. */
  readonly errorCode?: string;
  /** 1-based line in the source file. */
  readonly line: number;
}

/** The history formats the checker reads. */
export type HistoryFormat = "jsonl" | "edn" | "etcd-log";

/** Every format name. */
export const HISTORY_FORMATS: readonly HistoryFormat[] = ["jsonl", "edn", "etcd-log"];

/** Told the 1-based line of a cut-short last line that a parser left out. */
export type OnCutShort = (line: number) => void;

/**
 * The 1-based number of the last line when `text` ends inside a non-blank
 * line (no final newline): the tail of a write cut short. Undefined otherwise.
 */
export function unterminatedLastLine(text: string): number | undefined {
  if (text.endsWith("\n")) return undefined;
  const start = text.lastIndexOf("\n") + 1;
  if (text.slice(start).trim() === "") return undefined;
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < start; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** Throws input.invalid naming the source and line. */
export function badLine(source: string, line: number, why: string): never {
  throw new HarnessError("input.invalid", `Cannot read "${source}" line ${line}: ${why}`);
}

/**
 * Reads a Jepsen op from a decoded map (EDN or JSON). Returns undefined for
 * ops of a non-client process (the nemesis, named by a keyword or string).
 */
export function opFromMap(map: unknown, source: string, line: number): JepsenOp | undefined {
  if (typeof map !== "object" || map === null || Array.isArray(map)) return badLine(source, line, "not an op map");
  const m = map as Record<string, unknown>;
  if (!isOpType(m.type)) return badLine(source, line, `"type" must be invoke, ok, fail or info, got ${show(m.type)}`);
  if (typeof m.process === "string") return undefined;
  if (typeof m.process !== "number" || !Number.isInteger(m.process)) {
    return badLine(source, line, `"process" must be an integer, got ${show(m.process)}`);
  }
  if (typeof m.f !== "string") return badLine(source, line, `"f" must be a keyword or string, got ${show(m.f)}`);
  const op: { -readonly [K in keyof JepsenOp]: JepsenOp[K] } = {
    process: m.process,
    type: m.type,
    f: m.f,
    value: m.value ?? null,
    line,
  };
  if ("key" in m) op.key = m.key;
  const code = errorCode(m.error);
  if (code !== undefined) op.errorCode = code;
  return op;
}

function errorCode(error: unknown): string | undefined {
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null && !Array.isArray(error)) {
    const code = (error as Record<string, unknown>).code;
    if (typeof code === "string") return code;
  }
  if (Array.isArray(error) && typeof error[0] === "string") return error[0];
  return undefined;
}

function show(x: unknown): string {
  if (x === undefined) return "nothing";
  return JSON.stringify(x, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v)) ?? String(x);
}
