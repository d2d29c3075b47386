/**
 * A program of the fake runtime: it runs in memory, answers each line sent
 * to it with the runtime's line handler, and takes signals as a real one
 * would: SIGSTOP holds its output until SIGCONT, SIGTERM and SIGKILL end it.
 * A program that has ended prints nothing more and takes no signal.
 */
import type { NodeId, ProcessExit, ProcessSpec } from "../../../core/index.js";
import type { TrackedProcess } from "../common/process-table.js";

/** Answers one line sent to a "pipe" process with zero or more lines (sync or async). */
export type FakeLineHandler = (line: string, ctx: { node: NodeId; spec: ProcessSpec; exit(code: number): void }) =>
  | readonly string[]
  | string
  | undefined
  | Promise<readonly string[] | string | undefined>;

/** A started fake program. */
export interface FakeProcess extends TrackedProcess {
  /** Ends the program (once; later calls do nothing). */
  end(exit: ProcessExit): void;
  /** Prints one line, as the program would unprompted. */
  say(line: string): void;
}

/** Starts a fake program; without a handler it never replies. */
export function fakeProcess(node: NodeId, spec: ProcessSpec, pid: number, handler: FakeLineHandler | undefined): FakeProcess {
  const listeners: ((line: string) => void)[] = [];
  const held: string[] = [];
  let done = false;
  let stopped = false;
  let finish: (exit: ProcessExit) => void = () => undefined;
  const exited = new Promise<ProcessExit>((resolve) => (finish = resolve));
  function end(exit: ProcessExit): void {
    if (done) return;
    done = true;
    finish(exit);
  }
  function emit(line: string): void {
    if (done) return;
    if (stopped) held.push(line);
    else for (const listener of listeners) listener(line);
  }
  function signal(sig: NodeJS.Signals): void {
    if (done) return;
    if (sig === "SIGKILL" || sig === "SIGTERM") end({ code: null, signal: sig });
    else if (sig === "SIGSTOP") stopped = true;
    else if (sig === "SIGCONT") {
      stopped = false;
      for (const line of held.splice(0)) emit(line);
    }
  }
  return {
    node,
    pid,
    spec,
    exited,
    alive: () => !done,
    send(line) {
      if (done || !handler) return;
      let exitCode: number | undefined;
      const exit = (code: number): void => void (exitCode = code);
      void Promise.resolve(handler(line, { node, spec, exit })).then((reply) => {
        for (const out of typeof reply === "string" ? [reply] : (reply ?? [])) emit(out);
        // The program ends after its last line, as one that answers and exits (the lock probe).
        if (exitCode !== undefined) end({ code: exitCode, signal: null });
      });
    },
    onLine: (listener) => void listeners.push(listener),
    signal,
    signalGroup: signal,
    say: emit,
    end,
  };
}
