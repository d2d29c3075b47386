/**
 * The handle every runtime gives for a program it started: the same
 * `send`, `onLine`, `signal`, `signalGroup` and `alive` whether the program
 * runs in a namespace, a container or on a host over SSH. A runtime says
 * how to reach the program (its stdin, its stdout, how a signal is
 * delivered); this says when (never after the program has exited).
 */
import type { Readable, Writable } from "node:stream";
import { HarnessError } from "../../../core/index.js";
import type { NodeId, ProcessExit, ProcessSpec } from "../../../core/index.js";
import { createLineSplitter, lineChannel } from "./line-splitter.js";
import type { TrackedProcess } from "./process-table.js";

/** How to reach one started program. */
export interface HandleParts {
  readonly node: NodeId;
  readonly pid: number;
  readonly spec: ProcessSpec;
  readonly exited: Promise<ProcessExit>;
  /** True until the program has exited. */
  readonly alive: () => boolean;
  /** The program's stdin when it was started with stdio "pipe"; absent otherwise. */
  readonly stdin?: Writable | null | undefined;
  /** How a line sent is written where the program runs (the ssh runtime maps this machine's paths); as it is when absent. */
  readonly mapSent?: (line: string) => string;
  /** Registers a listener for the program's stdout lines (see `stdoutLines`). */
  readonly onLine: (listener: (line: string) => void) => void;
  /** Delivers a signal to the program itself; called only while it is alive. */
  readonly signal: (signal: NodeJS.Signals) => void;
  /** Delivers a signal to the program's process group; `signal` when absent. Called only while it is alive. */
  readonly signalGroup?: (signal: NodeJS.Signals) => void;
}

/**
 * The handle: `send` writes one line to stdin while the program runs and
 * stdin takes writes (throws "internal" when it has no stdin); signals to
 * an exited program are dropped.
 */
export function processHandle(parts: HandleParts): TrackedProcess {
  const { node, pid, spec, exited, alive, stdin, onLine, signal } = parts;
  const signalGroup = parts.signalGroup ?? signal;
  return {
    node,
    pid,
    spec,
    exited,
    alive,
    send(line) {
      if (!stdin) throw new HarnessError("internal", `Cannot send to process ${pid}: it was not started with stdio "pipe"`);
      if (alive() && stdin.writable) stdin.write(`${parts.mapSent ? parts.mapSent(line) : line}\n`);
    },
    onLine,
    signal(sig) {
      if (alive()) signal(sig);
    },
    signalGroup(sig) {
      if (alive()) signalGroup(sig);
    },
  };
}

/**
 * The lines a program writes on `stdout` (UTF-8, in order, a last line
 * without a newline included), as a listener registration that keeps lines
 * arriving before the first listener. With no stream, no line ever comes.
 * A line past `MAX_LINE_CHARS` ends the stream (nothing more is read from
 * the program) and calls `onOverflow` once with an error naming `whose`.
 */
export function stdoutLines(
  stdout: Readable | null | undefined, whose = "a program", onOverflow?: (error: HarnessError) => void,
): (listener: (line: string) => void) => void {
  const lines = lineChannel();
  if (stdout) {
    const splitter = createLineSplitter(lines.emit, {
      onOverflow: (why) => {
        stdout.on("error", () => undefined).destroy();
        onOverflow?.(new HarnessError("runtime.command-failed", `Stopped reading the output of ${whose}: ${why}`));
      },
    });
    stdout.setEncoding("utf8").on("data", (chunk: string) => splitter.push(chunk));
    stdout.on("end", () => splitter.end());
  }
  return lines.listen;
}
