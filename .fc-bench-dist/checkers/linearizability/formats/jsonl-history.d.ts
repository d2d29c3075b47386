import type { JepsenOp } from "./jepsen-op.js";
/** Parses a history.jsonl text; `source` names the file in errors. */
export declare function parseJsonlHistory(text: string, source: string): JepsenOp[];
