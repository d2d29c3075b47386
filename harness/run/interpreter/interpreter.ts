/**
 * The op interpreter (Jepsen's interpreter.clj, in TypeScript). One
 * scheduling loop asks the generator for ops, hands each to the worker of
 * its process, and records invocations and completions in harness time.
 *
 * Rules:
 * - Completions are handled before new ops are asked for, so a generator
 *   always sees the latest state before deciding.
 * - Each client thread has one worker. A completion of type `info` (or a
 *   client that throws, or one that does not answer within the op timeout)
 *   retires the process: its client is closed and the thread continues as
 *   process p + concurrency with a fresh client.
 * - The nemesis is one more worker, process "nemesis". Its ops are started
 *   synchronously on dispatch, before the next op is asked for: a pause aimed
 *   at a lease holder lands before the holder's next op is sent to it.
 * - Every op is passed to `record` the moment it happens (the store appends
 *   it to history.jsonl), so an interrupted run keeps its history.
 */
import type {
  Client,
  Clock,
  Cluster,
  Completion,
  GenContext,
  Generator,
  Invoke,
  Nemesis,
  Op,
  OpError,
  OpRequest,
  ProcessId,
  Rng,
} from "../../../core/index.js";
import { HarnessError, messageOf } from "../../../core/index.js";
import { CompletionQueue } from "./completion-queue.js";
import { completionOf, invokeClient, invokeNemesis, timedOut, type Outcome } from "./invoke-op.js";

/** What the interpreter needs from the run. */
export interface InterpreterDeps {
  readonly concurrency: number;
  readonly clock: Clock;
  readonly rng: Rng;
  readonly opTimeoutMs: number;
  readonly signal: AbortSignal;
  readonly cluster: Cluster;
  readonly nemesis: Nemesis;
  /** Opens the client for `process` on worker thread `thread`. */
  openClient(thread: number, process: number): Promise<Client>;
  /** The node a thread's client runs on (recorded on its ops). */
  nodeOf(thread: number): string;
  /** Receives every op, in order. */
  record(op: Op): void;
}

interface Worker {
  process: number;
  client: Client | undefined;
  busy: boolean;
}

/** An interpreter whose workers persist across phases. */
export interface Interpreter {
  /** Runs `gen` until it is exhausted and every op it started has completed, or the run aborts. */
  run(gen: Generator): Promise<void>;
  /**
   * Records nemesis ops done outside any generator, even after an abort (the
   * heals at the end of a run): an invoke of each request now, then `act`,
   * then an `info` completion of each, carrying `act`'s error if it threw.
   */
  recordNemesis(requests: readonly { readonly f: string; readonly value: unknown }[], act: () => Promise<void>): Promise<void>;
  /** Asks every client op in flight that waits (an acquire on a busy lock) to stop waiting: the time limit has passed. */
  stopWaiting(): void;
  /** Closes every client. */
  close(): Promise<void>;
}

/** Creates the interpreter and opens one client per thread, all at once. */
export async function createInterpreter(deps: InterpreterDeps): Promise<Interpreter> {
  const threads = Array.from({ length: deps.concurrency }, (_, t) => t);
  const clients = await Promise.all(threads.map((t) => deps.openClient(t, t)));
  const workers: Worker[] = threads.map((t) => ({ process: t, client: clients[t], busy: false }));
  const state = { index: 0, nemesisBusy: false, outstanding: new Map<ProcessId, Invoke>() };
  const queue = new CompletionQueue();

  function context(): GenContext {
    return { time: deps.clock.nowNs(), freeProcesses: freeProcesses(workers, state.nemesisBusy), concurrency: deps.concurrency, rng: deps.rng };
  }

  function emit(op: Op): void {
    deps.record(op);
  }

  function dispatch(req: OpRequest): Invoke {
    const worker = typeof req.process === "number" ? workers[req.process % deps.concurrency] : undefined;
    const node = worker ? deps.nodeOf(req.process as number % deps.concurrency) : undefined;
    const invoke: Invoke = {
      index: state.index++,
      time: deps.clock.nowNs(),
      process: req.process,
      type: "invoke",
      f: req.f,
      value: req.value,
      ...(node ? { node: node as Invoke["node"] } : {}),
    };
    const client = worker?.client;
    if (req.process === "nemesis" ? state.nemesisBusy : !client || worker.busy || worker.process !== req.process) {
      throw new HarnessError("internal", `Cannot dispatch "${req.f}": the generator chose process ${String(req.process)}, which is not free`);
    }
    emit(invoke);
    state.outstanding.set(invoke.process, invoke);
    if (client && worker) {
      worker.busy = true;
      queue.track(invokeClient(client, invoke, deps));
    } else {
      state.nemesisBusy = true;
      queue.track(invokeNemesis(invoke, deps));
    }
    return invoke;
  }

  function complete(invoke: Invoke, outcome: Outcome): Completion {
    return completionOf(invoke, outcome, deps.clock);
  }

  /** Records a completion and frees (or retires) its worker; returns the updated generator. */
  function handle(gen: Generator, done: Completion): Generator {
    const op = { ...done, index: state.index++ } as Completion;
    emit(op);
    state.outstanding.delete(op.process);
    if (op.process === "nemesis") state.nemesisBusy = false;
    else retireIfNeeded(op);
    return gen.update(context(), op);
  }

  function retireIfNeeded(op: Completion): void {
    const worker = workers[(op.process as number) % deps.concurrency];
    if (!worker) return;
    if (op.type !== "info") {
      worker.busy = false;
      return;
    }
    queue.trackTask(retire(worker, (op.process as number) % deps.concurrency, deps));
  }

  async function run(initial: Generator): Promise<void> {
    let gen = initial;
    for (let turn = 1; ; turn++) {
      // Clients that answer without I/O would starve timers: yield now and then.
      if (turn % 512 === 0) await new Promise((resolve) => setImmediate(resolve));
      for (let done = queue.poll(); done; done = queue.poll()) gen = handle(gen, done);
      if (deps.signal.aborted) return abortOutstanding();
      const ctx = context();
      const result = gen.op(ctx);
      if (result === undefined) {
        if (queue.idle()) return;
        await queue.wait(deps.signal);
      } else if (result === "pending") {
        await queue.wait(deps.signal, 100);
      } else if ((result[0].time ?? ctx.time) > ctx.time) {
        const ms = ((result[0].time ?? ctx.time) - ctx.time) / 1e6;
        await queue.wait(deps.signal, Math.max(1, Math.ceil(ms)));
      } else {
        const invoke = dispatch(result[0]);
        gen = result[1].update(context(), invoke);
      }
    }
  }

  /** On abort, every op still in flight is recorded as `info`: it may or may not have happened. */
  function abortOutstanding(): void {
    for (const invoke of state.outstanding.values()) {
      emit({ ...complete(invoke, timedOut(true)), index: state.index++ } as Completion);
    }
    state.outstanding.clear();
  }

  async function recordNemesis(requests: readonly { readonly f: string; readonly value: unknown }[], act: () => Promise<void>): Promise<void> {
    const invokes = requests.map((r): Invoke => ({ index: state.index++, time: deps.clock.nowNs(), process: "nemesis", type: "invoke", f: r.f, value: r.value }));
    invokes.forEach(emit);
    let error: OpError | undefined;
    try {
      await act();
    } catch (e) {
      error = { code: "nemesis-error", message: messageOf(e), definite: false };
    }
    for (const invoke of invokes) emit({ ...complete(invoke, { type: "info", ...(error ? { error } : {}) }), index: state.index++ } as Completion);
  }

  return {
    run: (gen) => run(gen).finally(() => queue.rethrowTaskError()),
    recordNemesis,
    stopWaiting() {
      for (const w of workers) if (w.busy) w.client?.stopWaiting?.();
    },
    async close() {
      await Promise.all(workers.map((w) => w.client?.close().catch(() => undefined)));
    },
  };
}

/** The processes free to take an op: every idle worker with a client, and the nemesis unless busy. */
function freeProcesses(workers: readonly Worker[], nemesisBusy: boolean): Set<ProcessId> {
  const free = new Set<ProcessId>();
  for (const w of workers) if (!w.busy && w.client) free.add(w.process);
  if (!nemesisBusy) free.add("nemesis");
  return free;
}

/**
 * Retires a worker's process after an `info`: closes its client, moves the
 * thread on to process p + concurrency and opens that process's client
 * (none once the run is aborted). The worker stays busy until it has one.
 */
async function retire(worker: Worker, thread: number, deps: InterpreterDeps): Promise<void> {
  const old = worker.client;
  worker.client = undefined;
  worker.process += deps.concurrency;
  await old?.close().catch(() => undefined);
  if (deps.signal.aborted) return;
  worker.client = await deps.openClient(thread, worker.process);
  worker.busy = false;
}
