/**
 * The node lifecycle, once for every runtime: a cluster's process table,
 * start with readiness, restart of dead services, pause, resume and kill
 * of a node's processes, the stop sequence, the guards (no such node, the
 * cluster is stopped) and a node's service ports. A runtime supplies only
 * how to spawn a program, deliver a signal, probe a port and wait for a
 * SIGSTOP to land (`NodeDriver`); what follows from those is decided here,
 * so the local, docker and ssh runtimes cannot drift apart on it.
 */
import { HarnessError, NO_DISK_FAULTS } from "../../../core/index.js";
import type { Clock, ClusterDisks, NodeId, ProcessSpec, UnsyncedLoss } from "../../../core/index.js";
import { createProcessTable, type ProcessTable, type TrackedProcess } from "./process-table.js";
import { noSuchNode } from "./node-lookup.js";
import { retryableOnce } from "./retryable-once.js";

/** How long a started service may take to accept connections when its spec names no time-out. */
export const DEFAULT_READY_TIMEOUT_MS = 10_000;
/** How long the stop sequence waits for processes to exit once the runtime has ended them. */
export const STOP_END_WAIT_MS = 2_000;

/** The signals a node-wide fault sends. */
export type NodeSignal = "SIGSTOP" | "SIGCONT" | "SIGKILL";

/** What a runtime supplies: how to reach its processes, nothing about when. */
export interface NodeDriver<P extends TrackedProcess> {
  readonly clock: Clock;
  /** Whether the cluster has this node (the supervisor names an unknown one). */
  hasNode(node: NodeId): boolean;
  /** Starts one program on the node; resolves once it runs (not once it is ready). */
  spawn(node: NodeId, spec: ProcessSpec): Promise<P>;
  /**
   * Resolves once the node's service accepts connections on `port`; rejects
   * with "runtime.node-start-failed" when `proc` exits first or `timeoutMs`
   * runs out. The supervisor kills `proc` when this rejects.
   */
  waitReady(node: NodeId, proc: P, port: number, timeoutMs: number): Promise<void>;
  /**
   * After the tracked processes of the node were signalled: signal what
   * else of the node the runtime knows (a container's other processes), and
   * settle once signals sent remotely have been carried out. Optional.
   */
  signalRest?(node: NodeId, signal: NodeSignal | "SIGTERM"): Promise<void>;
  /** After a SIGSTOP: settles once the kernel shows these processes stopped, or throws "nemesis.fault-not-applied". */
  awaitStopped(node: NodeId, procs: readonly P[]): Promise<void>;
  /**
   * Once a started program is ready (or runs, without a ready port), before
   * its start resolves: what the runtime must do to it every time it starts,
   * restarts included (give it the node's moved clock). A rejection kills
   * it and fails the start. Optional.
   */
  started?(node: NodeId, proc: P): Promise<void>;
}

/** The runtime's own steps around the stop sequence. */
export interface StopSteps {
  /** Before the signals: heal, thaw frozen nodes (a frozen process takes no signal). */
  readonly before?: () => Promise<void>;
  /** After the grace period: end what is left (default: SIGKILL to every live process group). */
  readonly end?: () => Promise<void>;
  /** Once every process is gone or `STOP_END_WAIT_MS` has passed (and whether or not `end` threw): unmount, reap, remove. */
  readonly after?: () => Promise<void>;
  /** Last, whatever happened before: close connections. */
  readonly finally?: () => Promise<void>;
}

/** The lifecycle of one cluster's nodes. */
export interface NodeSupervisor<P extends TrackedProcess> {
  readonly table: ProcessTable<P>;
  /** Throws "config.invalid" naming the node when the cluster has no such node. */
  checkNode(node: NodeId): void;
  /** Throws "nemesis.fault-not-applied" (`Cannot ${what}: the cluster is stopped`) once `stop` was called. */
  refuseStopped(what: string): void;
  isStopped(): boolean;
  /** Starts a program, then (with a `readyPort`) waits for readiness; a program not ready is SIGKILLed and the start throws. */
  start(node: NodeId, spec: ProcessSpec): Promise<P>;
  /** Starts again every service of the node whose process has exited, with its spec; concurrent restarts of one node share one. */
  restart(node: NodeId): Promise<void>;
  /** SIGSTOPs every process of the node (tracked ones before the first await) and settles once they are stopped. */
  pause(node: NodeId): Promise<void>;
  resume(node: NodeId): Promise<void>;
  /** SIGKILLs every process of the node and settles once the tracked ones have exited. */
  kill(node: NodeId): Promise<void>;
  /** Drops the node's unsynced writes; refused without lazy disks, and while any of its processes lives (they would see the drop). */
  loseUnsynced(node: NodeId, disks: ClusterDisks | undefined): Promise<UnsyncedLoss>;
  /** The ports of the node's live services: an image's published ports, else its ready port. */
  servicePorts(node: NodeId): number[];
  /** SIGCONT and SIGTERM to every live process, the grace period, then the runtime's end; idempotent (a failed stop may be retried). */
  stop(steps: StopSteps): Promise<void>;
}

/** Creates the supervisor of one cluster; `graceMs` is the SIGTERM-to-end grace of `stop`. */
export function createNodeSupervisor<P extends TrackedProcess>(driver: NodeDriver<P>, graceMs: number): NodeSupervisor<P> {
  const { clock } = driver;
  const table = createProcessTable<P>();
  const restarting = new Map<NodeId, Promise<void>>();
  let stopped = false;
  let stopSteps: StopSteps = {};
  const stopOnce = retryableOnce(() => stopSequence(stopSteps));

  function checkNode(node: NodeId): void {
    if (!driver.hasNode(node)) throw noSuchNode(node);
  }

  async function start(node: NodeId, spec: ProcessSpec): Promise<P> {
    if (stopped) throw new HarnessError("runtime.node-start-failed", `Cannot start node "${node}": the cluster is stopped`);
    checkNode(node);
    const proc = await driver.spawn(node, spec);
    table.add(proc);
    try {
      if (spec.readyPort !== undefined) await driver.waitReady(node, proc, spec.readyPort, spec.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS);
      await driver.started?.(node, proc);
    } catch (error) {
      proc.signalGroup("SIGKILL");
      throw error;
    }
    return proc;
  }

  async function signalNode(node: NodeId, signal: NodeSignal): Promise<P[]> {
    checkNode(node);
    const procs = table.signalNode(node, signal);
    await driver.signalRest?.(node, signal);
    return procs;
  }

  async function signalAll(signal: "SIGCONT" | "SIGTERM" | "SIGKILL"): Promise<void> {
    for (const proc of table.live()) proc.signalGroup(signal);
    // Best effort: a node whose container or host is already gone must not keep the others from their signal.
    const nodes = [...new Set(table.live().map((p) => p.node))];
    await Promise.all(nodes.map((node) => driver.signalRest?.(node, signal).catch(() => undefined)));
  }

  /** Waits until every live process has exited or `ms` passed. */
  async function allExited(ms: number): Promise<void> {
    const timer = new AbortController();
    await Promise.race([Promise.all(table.live().map((p) => p.exited)), clock.sleep(ms, timer.signal)]);
    timer.abort();
  }

  /**
   * Every step runs whatever an earlier one threw: a container the engine
   * would not remove must not leave a lazy disk's server (and with it the
   * harness process) alive. The first error is thrown once all have run.
   */
  async function stopSequence(steps: StopSteps): Promise<void> {
    const errors: unknown[] = [];
    const attempt = async (step: (() => Promise<void>) | undefined): Promise<void> => {
      await step?.().catch((error: unknown) => void errors.push(error));
    };
    await attempt(steps.before);
    await attempt(() => signalAll("SIGCONT"));
    await attempt(() => signalAll("SIGTERM"));
    await allExited(graceMs);
    await attempt(steps.end ?? (() => signalAll("SIGKILL")));
    await allExited(STOP_END_WAIT_MS);
    await attempt(steps.after);
    await attempt(steps.finally);
    if (errors.length > 0) throw errors[0];
  }

  return {
    table,
    checkNode,
    refuseStopped(what) {
      if (stopped) throw new HarnessError("nemesis.fault-not-applied", `Cannot ${what}: the cluster is stopped`);
    },
    isStopped: () => stopped,
    start,
    async restart(node) {
      checkNode(node);
      const pending = restarting.get(node);
      if (pending !== undefined) return pending;
      const restart = (async () => {
        for (const spec of table.deadServices(node)) await start(node, spec);
      })().finally(() => restarting.delete(node));
      restarting.set(node, restart);
      return restart;
    },
    async pause(node) {
      await driver.awaitStopped(node, await signalNode(node, "SIGSTOP"));
    },
    async resume(node) {
      await signalNode(node, "SIGCONT");
    },
    async kill(node) {
      await Promise.all((await signalNode(node, "SIGKILL")).map((p) => p.exited));
    },
    async loseUnsynced(node, disks) {
      checkNode(node);
      if (disks === undefined) return NO_DISK_FAULTS.loseUnsynced(node);
      if (table.live(node).length > 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot drop unsynced writes of node "${node}": its processes still run (kill it first)`);
      return disks.loseUnsynced(node);
    },
    servicePorts(node) {
      const services = table.live(node).filter((p) => (p.spec.kind ?? "service") === "service");
      const ports = services.flatMap((p) => p.spec.image?.ports ?? (p.spec.readyPort === undefined ? [] : [p.spec.readyPort]));
      return [...new Set(ports)];
    },
    stop(steps) {
      stopped = true;
      stopSteps = steps;
      return stopOnce();
    },
  };
}
