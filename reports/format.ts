/** Plain-words formatting shared by the report's sentences. */
import type { ProcessId, Validity } from "../core/index.js";

/** Harness nanoseconds as seconds with two decimals: "2.10 s". */
export function seconds(ns: number): string {
  return `${(ns / 1e9).toFixed(2)} s`;
}

/** Milliseconds as seconds with two decimals: "3.00 s". */
export function millis(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** "Client 3 (node c2)", or "Client 3" when the node is unknown; "the nemesis" for the nemesis. */
export function clientName(process: ProcessId | string, node?: string): string {
  if (process === "nemesis") return "the nemesis";
  return node ? `Client ${process} (node ${node})` : `Client ${process}`;
}

/** "Valid", "Invalid" or "Unknown". */
export function validityWord(valid: Validity): string {
  return valid === true ? "Valid" : valid === false ? "Invalid" : "Unknown";
}
