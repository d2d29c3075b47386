import { type Op } from "./op.js";
/** Serializes an op as one line (no newline). */
export declare function encodeOp(op: Op): string;
/** Parses a whole history.jsonl text; `source` names it in errors. */
export declare function parseHistoryJsonl(text: string, source: string): Op[];
/** Validates one decoded op; `where` names it in errors. */
export declare function parseOp(raw: unknown, where: string): Op;
