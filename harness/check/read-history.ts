/**
 * Reads a history file from disk and parses it in the given or detected
 * format. Every failure is an input.invalid HarnessError naming the file.
 */
import { readFileSync } from "node:fs";
import { parseHistoryText, type HistoryFormat, type ParsedHistory } from "../../checkers/index.js";
import { HarnessError } from "../../core/index.js";

/** Reads and parses `path`; `format` undefined means detect it. */
export function readHistoryFile(path: string, format?: HistoryFormat): ParsedHistory {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : String(code ?? error);
    throw new HarnessError("input.invalid", `Cannot read "${path}": ${why}`);
  }
  return parseHistoryText(text, path, format);
}
