/**
 * The processes a cluster started, per node, and the signals it sends
 * them (any runtime whose processes are on this host or reachable by
 * signal). Every signal goes through `signalGroup`.
 */
import { readFileSync } from "node:fs";
import type { Clock, NodeId, NodeProcess, ProcessSpec } from "../../../core/index.js";

/** A started process as the table tracks it. */
export interface TrackedProcess extends NodeProcess {
  readonly spec: ProcessSpec;
  /** True until the process has exited. */
  alive(): boolean;
  /** Signals the process and whatever it forked (its process group, where the runtime has one); synchronous. */
  signalGroup(signal: NodeJS.Signals): void;
}

/** Per-node bookkeeping of started processes. */
export interface ProcessTable<P extends TrackedProcess = TrackedProcess> {
  /** Records a started process; a service replaces the earlier instance of its spec. */
  add(proc: P): void;
  /** The live processes of a node, or of every node when `node` is absent. */
  live(node?: NodeId): P[];
  /** The service specs of a node whose latest instance has exited. */
  deadServices(node: NodeId): ProcessSpec[];
  /** Signals every live process of the node now, synchronously, and records whether it is paused. */
  signalNode(node: NodeId, signal: "SIGSTOP" | "SIGCONT" | "SIGKILL"): P[];
  /** The nodes that are paused (SIGSTOPped and not since resumed or killed). */
  pausedNodes(): NodeId[];
}

/** Creates an empty table. */
export function createProcessTable<P extends TrackedProcess>(): ProcessTable<P> {
  const all = new Map<NodeId, P[]>();
  const services = new Map<NodeId, Map<ProcessSpec, P>>();
  const paused = new Set<NodeId>();
  function live(node?: NodeId): P[] {
    const lists = node === undefined ? [...all.values()] : [all.get(node) ?? []];
    return lists.flat().filter((proc) => proc.alive());
  }
  return {
    add(proc) {
      all.set(proc.node, [...(all.get(proc.node) ?? []).filter((p) => p.alive()), proc]);
      if ((proc.spec.kind ?? "service") !== "service") return;
      const specs = services.get(proc.node) ?? new Map<ProcessSpec, P>();
      specs.set(proc.spec, proc);
      services.set(proc.node, specs);
    },
    live,
    deadServices(node) {
      return [...(services.get(node)?.values() ?? [])].filter((proc) => !proc.alive()).map((proc) => proc.spec);
    },
    signalNode(node, signal) {
      const procs = live(node);
      for (const proc of procs) proc.signalGroup(signal);
      if (signal === "SIGSTOP") paused.add(node);
      else paused.delete(node);
      return procs;
    },
    pausedNodes: () => [...paused],
  };
}

const STOP_POLL_MS = 2;
const STOP_POLL_ROUNDS = 250;

/**
 * Resolves once each process is in the stopped state ("T" in
 * /proc/<pid>/stat) or has exited, or after about half a second: SIGSTOP is
 * delivered asynchronously, and this narrows the gap to nothing in practice.
 */
export async function awaitStopped(procs: readonly TrackedProcess[], clock: Clock): Promise<void> {
  for (let round = 0; round < STOP_POLL_ROUNDS; round++) {
    if (procs.every((proc) => !proc.alive() || !isRunning(proc.pid))) return;
    await clock.sleep(STOP_POLL_MS);
  }
}

/** False once the process is stopped, a zombie, or gone (per /proc/<pid>/stat). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.charAt(stat.lastIndexOf(")") + 2);
    return !["T", "t", "Z", "X"].includes(state);
  } catch {
    return false;
  }
}
