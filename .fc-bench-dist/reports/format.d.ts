/** Plain-words formatting shared by the report's sentences. */
import type { ProcessId, Validity } from "../harness/core/index.js";
/** Harness nanoseconds as seconds with two decimals: "2.10 s". */
export declare function seconds(ns: number): string;
/** Milliseconds as seconds with two decimals: "3.00 s". */
export declare function millis(ms: number): string;
/** "Client 3 (node c2)", or "Client 3" when the node is unknown; "the nemesis" for the nemesis. */
export declare function clientName(process: ProcessId | string, node?: string): string;
/** "Valid", "Invalid" or "Unknown". */
export declare function validityWord(valid: Validity): string;
