import { type HistoryFormat, type JepsenOp } from "./jepsen-op.js";
/** The format of `text`, or undefined when it is empty or unrecognized. */
export declare function detectFormat(text: string): HistoryFormat | undefined;
/** Checks a `--format` argument. */
export declare function parseFormatArg(text: string): HistoryFormat;
/** A parsed history and the format it was read as. */
export interface ParsedHistory {
    readonly format: HistoryFormat | "empty";
    readonly ops: readonly JepsenOp[];
}
/** Parses `text` (named `source` in errors) in `format`, or in the detected one. */
export declare function parseHistoryText(text: string, source: string, format?: HistoryFormat): ParsedHistory;
