/**
 * The one error every runtime gives for a node whose program did not come
 * up: one line that names the node, what happened, the program's log and
 * the last thing it wrote there, so the CLI can print it as it is.
 */
import { readFileSync } from "node:fs";
import { HarnessError } from "../../../core/index.js";

/** Longest quoted log line in the message; the log holds the rest. */
const LAST_LINE_CHARS = 200;

/** A node whose program did not come up, and why. */
export interface StartFailure {
  readonly node: string;
  /** The state after the colon: "process exited with code 127 before port 7001 was ready". */
  readonly why: string;
  /** The program's log on this host. */
  readonly logFile: string;
  /** The host the node runs on, when it is not this one (ssh). */
  readonly host?: string;
}

/**
 * "runtime.node-start-failed": `Cannot start node "l1": <why> (log <file>: "<its last line>")`,
 * one line whatever the log holds (or `(no log at <file>)`).
 */
export function nodeStartFailure(failure: StartFailure): HarnessError {
  const where = failure.host === undefined ? "" : ` on host "${failure.host}"`;
  return new HarnessError("runtime.node-start-failed", `Cannot start node "${failure.node}"${where}: ${failure.why} (${logSummary(failure.logFile)})`);
}

/** `log FILE: "last line"`, `log FILE` when it is empty, `no log at FILE` when it cannot be read (pure but for the read). */
export function logSummary(logFile: string): string {
  let text: string;
  try {
    text = readFileSync(logFile, "utf8");
  } catch {
    return `no log at ${logFile}`;
  }
  const last = lastMeaningfulLine(text);
  if (last === undefined) return `log ${logFile}`;
  const cut = last.length > LAST_LINE_CHARS ? `${last.slice(0, LAST_LINE_CHARS)}…` : last;
  return `log ${logFile}: "${cut}"`;
}

/** The log's last non-blank line that is not the runtime's own `--- fencecheck:` header. */
export function lastMeaningfulLine(text: string): string | undefined {
  return text.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("--- fencecheck:")).at(-1);
}
