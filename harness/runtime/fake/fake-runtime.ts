/**
 * An in-memory runtime for unit tests of the interpreter, nemeses and run
 * lifecycle: no root, no processes. Fault calls are recorded as data, and
 * "pipe" processes are answered by an in-process handler.
 */
import { composeCluster, HarnessError, NO_DISK_FAULTS } from "../../../core/index.js";
import type {
  ClockSkew,
  Cluster,
  ExecResult,
  Fault,
  Grudge,
  NodeId,
  NodeProcess,
  NodeSpec,
  ProcessExit,
  ProcessSpec,
  Runtime,
  ProbeResult,
  TrafficDelay,
  TrafficKind,
} from "../../../core/index.js";

/** One recorded cluster call. Grudges are copied to plain arrays. */
export type FakeCall =
  | { readonly kind: "start-process"; readonly node: NodeId; readonly argv: readonly string[] }
  | { readonly kind: "exec"; readonly node: NodeId; readonly argv: readonly string[] }
  | { readonly kind: "pause" | "resume" | "kill" | "restart" | "freeze" | "thaw" | "read-clock"; readonly node: NodeId }
  | { readonly kind: "partition"; readonly grudge: readonly (readonly [NodeId, readonly NodeId[]])[] }
  | { readonly kind: "heal" | "stop" }
  | { readonly kind: "set-clock"; readonly node: NodeId; readonly skew: ClockSkew }
  | { readonly kind: "drop-packets"; readonly node: NodeId; readonly from: readonly NodeId[]; readonly probability: number }
  | { readonly kind: "delay-traffic"; readonly node: NodeId; readonly delay: TrafficDelay }
  | { readonly kind: "heal-traffic"; readonly traffic: TrafficKind }
  | { readonly kind: "probe"; readonly from: NodeId; readonly to: NodeId; readonly result: ProbeResult }
  | { readonly kind: "collect"; readonly node: NodeId; readonly paths: readonly string[] }
  /** Recorded by a leader lookup from `fakeLeaderLookup`, so tests see it in order with the faults. */
  | { readonly kind: "lock-leader"; readonly leader: NodeId | undefined };

/** Answers one line sent to a "pipe" process with zero or more lines (sync or async). */
export type FakeLineHandler = (line: string, ctx: { node: NodeId; spec: ProcessSpec; exit(code: number): void }) =>
  | readonly string[]
  | string
  | undefined
  | Promise<readonly string[] | string | undefined>;

/** Options for `createFakeRuntime`. */
export interface FakeRuntimeOptions {
  readonly faults?: ReadonlySet<Fault>;
  /** Handler for "pipe" processes; without one they never reply. */
  readonly onLine?: FakeLineHandler;
  /** A line every "pipe" process prints once it starts (an agent's hello, `{"ready":true}`). */
  readonly hello?: string;
  /** Result of every `exec`; exit code 0 and empty output by default. */
  readonly exec?: (node: NodeId, argv: readonly string[]) => Partial<ExecResult>;
}

/** A fake runtime plus the log of every call its clusters received. */
export interface FakeRuntime extends Runtime {
  readonly calls: FakeCall[];
}

/**
 * Creates a fake runtime. Nodes get addresses 10.77.0.<index+10>; paused
 * nodes' pipe processes hold replies until resumed; kill ends the node's
 * processes with signal SIGKILL. All calls are appended to `calls`.
 */
export function createFakeRuntime(opts: FakeRuntimeOptions = {}): FakeRuntime {
  const calls: FakeCall[] = [];
  const faults = opts.faults ?? new Set<Fault>(["pause", "kill", "partition", "clock"]);
  return {
    kind: "fake",
    faults,
    calls,
    checkPrerequisites: async () => undefined,
    start: async (nodes, start) => createFakeCluster(nodes, { runId: start.runId, faults, calls, opts }),
  };
}

interface FakeContext {
  readonly runId: string;
  readonly faults: ReadonlySet<Fault>;
  readonly calls: FakeCall[];
  readonly opts: FakeRuntimeOptions;
}

function createFakeCluster(specs: readonly NodeSpec[], ctx: FakeContext): Cluster {
  const { calls, opts } = ctx;
  const procs: FakeProcess[] = [];
  const paused = new Set<NodeId>();
  const skews = new Map<NodeId, ClockSkew>();
  const cut = { grudge: new Map() as Grudge, loss: new Map<NodeId, { from: readonly NodeId[]; p: number }>() };
  let nextPid = 1000;
  function check(node: NodeId): void {
    if (!specs.some((s) => s.id === node)) throw new HarnessError("config.invalid", `Cannot find node "${node}": the cluster has no such node`);
  }
  const nodes = specs.map((s, i) => ({ id: s.id, role: s.role, host: `10.77.0.${i + 10}` }));
  return composeCluster({ runId: ctx.runId, nodes, faults: ctx.faults }, {
    ...NO_DISK_FAULTS,
    /** Nothing to bring home: recorded only. */
    async collect(node, paths) {
      check(node);
      calls.push({ kind: "collect", node, paths });
    },
    async startProcess(node, spec) {
      check(node);
      calls.push({ kind: "start-process", node, argv: spec.argv });
      const proc = fakeProcess(node, spec, nextPid++, { handler: opts.onLine, isPaused: () => paused.has(node) });
      const { hello } = opts;
      if (hello !== undefined && spec.stdio === "pipe") setTimeout(() => proc.say(hello), 0);
      procs.push(proc);
      return proc;
    },
    async exec(node, argv) {
      check(node);
      calls.push({ kind: "exec", node, argv });
      const base = { command: argv.join(" "), exitCode: 0, signal: undefined, stdout: "", stderr: "", durationMs: 0 };
      return { ...base, ...opts.exec?.(node, argv) };
    },
    async pause(node) {
      check(node);
      calls.push({ kind: "pause", node });
      paused.add(node);
    },
    async resume(node) {
      check(node);
      calls.push({ kind: "resume", node });
      paused.delete(node);
      for (const proc of procs) if (proc.node === node) proc.flush();
    },
    async kill(node) {
      check(node);
      calls.push({ kind: "kill", node });
      paused.delete(node);
      for (const proc of procs) if (proc.node === node) proc.end({ code: null, signal: "SIGKILL" });
    },
    async restart(node) {
      check(node);
      calls.push({ kind: "restart", node });
    },
    async partition(grudge: Grudge) {
      calls.push({ kind: "partition", grudge: [...grudge].map(([n, set]) => [n, [...set]] as const) });
      cut.grudge = grudge;
    },
    async heal() {
      calls.push({ kind: "heal" });
      cut.grudge = new Map();
    },
    async dropPackets(node, from, probability) {
      check(node);
      calls.push({ kind: "drop-packets", node, from, probability });
      cut.loss.set(node, { from, p: probability });
    },
    async delayTraffic(node, delay) {
      check(node);
      calls.push({ kind: "delay-traffic", node, delay });
    },
    async healTraffic(traffic) {
      calls.push({ kind: "heal-traffic", traffic });
      if (traffic === "loss") cut.loss.clear();
    },
    /** Simulated: "timeout" across the current grudge or a certain (p = 1) loss, "refused" otherwise. */
    async probe(from, to) {
      check(from);
      check(to);
      const dropped = (a: NodeId, b: NodeId): boolean =>
        cut.grudge.get(a)?.has(b) === true || (cut.loss.get(a)?.p === 1 && cut.loss.get(a)?.from.includes(b) === true);
      const result: ProbeResult = dropped(to, from) || dropped(from, to) ? "timeout" : "refused";
      calls.push({ kind: "probe", from, to, result });
      return result;
    },
    async setClock(node, skew) {
      check(node);
      calls.push({ kind: "set-clock", node, skew });
      skews.set(node, skew);
    },
    /** Simulated: the offset last set (rates are not simulated). */
    async readClock(node) {
      check(node);
      calls.push({ kind: "read-clock", node });
      return { node, offsetMs: skews.get(node)?.offsetMs ?? 0 };
    },
    /** Like pause: the node's pipe processes hold their replies until thawed. */
    async freeze(node) {
      check(node);
      calls.push({ kind: "freeze", node });
      paused.add(node);
    },
    async thaw(node) {
      check(node);
      calls.push({ kind: "thaw", node });
      paused.delete(node);
      for (const proc of procs) if (proc.node === node) proc.flush();
    },
    async stop() {
      calls.push({ kind: "stop" });
      for (const proc of procs) proc.end({ code: 0, signal: null });
    },
  });
}

/** A leader lookup (nemesis/leader's `LeaderLookup`) that answers from `leader` and records each answer in `calls`. */
export function fakeLeaderLookup(leader: () => NodeId | undefined, calls: FakeCall[]): () => Promise<NodeId | undefined> {
  return async () => {
    const answer = leader();
    calls.push({ kind: "lock-leader", leader: answer });
    return answer;
  };
}

interface FakeProcess extends NodeProcess {
  /** Delivers replies held while the node was paused. */
  flush(): void;
  end(exit: ProcessExit): void;
  /** Prints one line, as the process would unprompted. */
  say(line: string): void;
}

function fakeProcess(
  node: NodeId,
  spec: ProcessSpec,
  pid: number,
  deps: { handler?: FakeLineHandler; isPaused(): boolean },
): FakeProcess {
  const listeners: ((line: string) => void)[] = [];
  const held: string[] = [];
  let done = false;
  let finish: (exit: ProcessExit) => void = () => undefined;
  const exited = new Promise<ProcessExit>((resolve) => (finish = resolve));
  function end(exit: ProcessExit): void {
    if (done) return;
    done = true;
    finish(exit);
  }
  function emit(line: string): void {
    if (done) return;
    if (deps.isPaused()) held.push(line);
    else for (const listener of listeners) listener(line);
  }
  return {
    node,
    pid,
    exited,
    send(line) {
      if (done || !deps.handler) return;
      let exitCode: number | undefined;
      const exit = (code: number): void => void (exitCode = code);
      void Promise.resolve(deps.handler(line, { node, spec, exit })).then((reply) => {
        for (const out of typeof reply === "string" ? [reply] : (reply ?? [])) emit(out);
        // The process ends after its last line, as a program that answers and exits (the lock probe).
        if (exitCode !== undefined) end({ code: exitCode, signal: null });
      });
    },
    onLine: (listener) => void listeners.push(listener),
    signal(signal) {
      if (signal === "SIGKILL" || signal === "SIGTERM") end({ code: null, signal });
    },
    flush() {
      for (const line of held.splice(0)) emit(line);
    },
    say: emit,
    end,
  };
}
