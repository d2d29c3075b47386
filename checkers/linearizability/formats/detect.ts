/**
 * Guesses a history's format from its first meaningful line, and parses a
 * text in a given or guessed format.
 */
import { HarnessError } from "../../../core/index.js";
import { parseEdnHistory } from "./edn-history.js";
import { isEtcdLogLine, parseEtcdLog } from "./etcd-log.js";
import { HISTORY_FORMATS, type HistoryFormat, type JepsenOp } from "./jepsen-op.js";
import { parseJsonlHistory } from "./jsonl-history.js";

/** The format of `text`, or undefined when it is empty or unrecognized. */
export function detectFormat(text: string): HistoryFormat | undefined {
  for (const raw of text.split("\n", 200)) {
    const line = raw.trim();
    if (line === "" || line.startsWith(";")) continue;
    if (isEtcdLogLine(raw) || /^[A-Z]+\s+\S+\s+-\s/.test(line)) return "etcd-log";
    if (line.startsWith('{"')) return "jsonl";
    if (line.startsWith("{") || line.startsWith("[") || line.startsWith("(") || line.startsWith("#")) return "edn";
    return undefined;
  }
  return undefined;
}

/** Checks a `--format` argument. */
export function parseFormatArg(text: string): HistoryFormat {
  const name = text === "kv-edn" ? "edn" : text;
  if ((HISTORY_FORMATS as readonly string[]).includes(name)) return name as HistoryFormat;
  throw new HarnessError("input.invalid", `Unknown format "${text}": expected one of ${HISTORY_FORMATS.join(", ")}`);
}

/** A parsed history and the format it was read as. */
export interface ParsedHistory {
  readonly format: HistoryFormat | "empty";
  readonly ops: readonly JepsenOp[];
  /** The 1-based line of a cut-short last line that was left out, if any. */
  readonly cutShortLine?: number;
}

/** Parses `text` (named `source` in errors) in `format`, or in the detected one. */
export function parseHistoryText(text: string, source: string, format?: HistoryFormat): ParsedHistory {
  const chosen = format ?? detectFormat(text);
  if (chosen === undefined) {
    if (text.trim() === "") return { format: "empty", ops: [] };
    const line = text.split("\n").findIndex((l) => l.trim() !== "") + 1;
    throw new HarnessError("input.invalid", `Cannot read "${source}" line ${line}: unknown history format`);
  }
  const parse = chosen === "jsonl" ? parseJsonlHistory : chosen === "edn" ? parseEdnHistory : parseEtcdLog;
  let cutShortLine: number | undefined;
  const ops = parse(text, source, (line) => (cutShortLine = line));
  return cutShortLine === undefined ? { format: chosen, ops } : { format: chosen, ops, cutShortLine };
}
