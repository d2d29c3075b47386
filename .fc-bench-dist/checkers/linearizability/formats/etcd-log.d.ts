import { type JepsenOp } from "./jepsen-op.js";
/** True when a line is an op line of a Jepsen text log. */
export declare function isEtcdLogLine(line: string): boolean;
/** Parses a Jepsen text log; `source` names the file in errors. */
export declare function parseEtcdLog(text: string, source: string): JepsenOp[];
