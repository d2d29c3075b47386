/**
 * An in-memory runtime for unit tests of the interpreter, nemeses and run
 * lifecycle: no root, no processes. Its node lifecycle is the node
 * supervisor's (common/node-supervisor.ts) over in-memory programs
 * (fake-node-driver.ts), so it keeps the facts every runtime keeps
 * (common/node-lifecycle-facts.ts). Fault calls are recorded as data, and
 * "pipe" programs are answered by an in-process handler.
 */
import { composeCluster } from "../../../core/index.js";
import type { ClockSkew, Cluster, ExecResult, Fault, NodeId, NodeSpec, ProcessSpec, Runtime } from "../../../core/index.js";
import { nodeLookup } from "../common/node-lookup.js";
import { createNodeSupervisor } from "../common/node-supervisor.js";
import { guardedNetwork, supervisedProcesses } from "../common/supervised-cluster.js";
import type { FakeCall } from "./fake-call.js";
import { createFakeNetwork } from "./fake-network.js";
import { createFakeNodeDriver } from "./fake-node-driver.js";
import type { FakeLineHandler } from "./fake-process.js";

export type { FakeLineHandler } from "./fake-process.js";
export type { FakeCall } from "./fake-call.js";

/** Options for `createFakeRuntime`. */
export interface FakeRuntimeOptions {
  readonly faults?: ReadonlySet<Fault>;
  /** Handler for "pipe" processes; without one they never reply. */
  readonly onLine?: FakeLineHandler;
  /** A line every "pipe" process prints once it starts (an agent's hello, `{"ready":true}`). */
  readonly hello?: string;
  /** Result of every `exec`; exit code 0 and empty output by default. */
  readonly exec?: (node: NodeId, argv: readonly string[]) => Partial<ExecResult>;
  /** Whether a program with a ready port listens on it (its start then succeeds); every one by default. */
  readonly listens?: (node: NodeId, spec: ProcessSpec) => boolean;
}

/** A fake runtime plus the log of every call its clusters received. */
export interface FakeRuntime extends Runtime {
  readonly calls: FakeCall[];
}

/**
 * Creates a fake runtime. Nodes get addresses 10.77.0.<index+10>; a paused
 * or frozen node's pipe processes hold replies until resumed; kill ends
 * the node's processes with signal SIGKILL, stop with SIGTERM. All calls
 * are appended to `calls`.
 */
export function createFakeRuntime(opts: FakeRuntimeOptions = {}): FakeRuntime {
  const calls: FakeCall[] = [];
  const faults = opts.faults ?? new Set<Fault>(["pause", "kill", "partition", "clock"]);
  return {
    kind: "fake",
    faults,
    calls,
    checkPrerequisites: async () => undefined,
    start: async (nodes, start) => createFakeCluster(nodes, start.runId, faults, calls, opts),
  };
}

/** The grace `stop` gives a fake program after SIGTERM (every one ends on it). */
const FAKE_STOP_GRACE_MS = 0;

function createFakeCluster(specs: readonly NodeSpec[], runId: string, faults: ReadonlySet<Fault>, calls: FakeCall[], opts: FakeRuntimeOptions): Cluster {
  const nodes = specs.map((s, i) => ({ id: s.id, role: s.role, host: `10.77.0.${i + 10}` }));
  const known = nodeLookup(nodes.map((n) => [n.id, n] as const));
  const driver = createFakeNodeDriver({ hasNode: known.has, onLine: opts.onLine, hello: opts.hello, listens: opts.listens });
  const supervisor = createNodeSupervisor(driver, FAKE_STOP_GRACE_MS);
  const processes = supervisedProcesses(supervisor, undefined);
  const skews = new Map<NodeId, ClockSkew>();
  /** Records the call once the node is known. */
  const record = (node: NodeId, call: FakeCall): void => {
    known.get(node);
    calls.push(call);
  };
  /** A node-wide call of the supervisor's, recorded first. */
  const recorded = (kind: "pause" | "resume" | "kill" | "restart" | "freeze" | "thaw", act: (node: NodeId) => Promise<void>) => async (node: NodeId): Promise<void> => {
    record(node, { kind, node });
    await act(node);
  };
  return composeCluster({ runId, nodes, faults }, {
    loseUnsynced: processes.loseUnsynced,
    /** Nothing to bring home: recorded only. */
    collect: async (node, paths) => record(node, { kind: "collect", node, paths }),
    async startProcess(node, spec) {
      record(node, { kind: "start-process", node, argv: spec.argv });
      return processes.startProcess(node, spec);
    },
    async exec(node, argv) {
      record(node, { kind: "exec", node, argv });
      const base = { command: argv.join(" "), exitCode: 0, signal: undefined, stdout: "", stderr: "", durationMs: 0 };
      return { ...base, ...opts.exec?.(node, argv) };
    },
    pause: recorded("pause", processes.pause),
    resume: recorded("resume", processes.resume),
    kill: recorded("kill", processes.kill),
    restart: recorded("restart", processes.restart),
    ...guardedNetwork(supervisor, runId, createFakeNetwork(calls, driver.listening)),
    async setClock(node, skew) {
      record(node, { kind: "set-clock", node, skew });
      skews.set(node, skew);
    },
    /** Simulated: the offset last set (rates are not simulated). */
    async readClock(node) {
      record(node, { kind: "read-clock", node });
      return { node, offsetMs: skews.get(node)?.offsetMs ?? 0 };
    },
    /** Like pause: the node's pipe processes hold their replies until thawed. */
    freeze: recorded("freeze", processes.pause),
    thaw: recorded("thaw", processes.resume),
    async stop() {
      calls.push({ kind: "stop" });
      await supervisor.stop({});
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
