import { type JepsenOp } from "./jepsen-op.js";
/** Parses an EDN history; `source` names the file in errors. */
export declare function parseEdnHistory(text: string, source: string): JepsenOp[];
