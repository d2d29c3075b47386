/**
 * The single effectful seam. Everything that touches namespaces, containers,
 * hosts, processes, signals, iptables or clocks goes through a `Runtime` and
 * the `Cluster` it starts; the rest of the harness (nemeses, the run, the
 * agents' clients) calls only these interfaces, so a fake cluster tests it.
 *
 * A `Cluster` is five facets over one set of nodes, and each caller takes
 * the facet it needs:
 *
 * - `ClusterProcesses`: programs inside nodes. `startProcess` starts one
 *   (waiting for its ready port) and tracks it until `stop`; `exec` runs a
 *   command to completion and never rejects on its exit code; `pause`,
 *   `resume`, `kill` signal every process of a node, `pause` sending its
 *   SIGSTOPs before it returns its promise; `restart` starts a node's dead
 *   services again with their original specs; `freeze`/`thaw` stop a whole
 *   node, children included, and `freeze` rejects with
 *   "nemesis.fault-not-applied" unless the node is frozen.
 * - `ClusterNetwork`: faults between nodes. `partition` applies a grudge
 *   (replacing the last), `dropPackets` and `delayTraffic` shape what
 *   arrives at a node; `heal` and `healTraffic` remove exactly what this
 *   cluster added and are idempotent; `probe` tries one TCP connection from
 *   a node to another, so a test proves a fault took effect.
 * - `ClusterClocks`: node wall clocks. `setClock` skews every process of a
 *   node, running and future, and rejects with "nemesis.unsupported-fault"
 *   when the cluster was started without `StartOptions.clock`, and with
 *   "nemesis.fault-not-applied" when the node does not then read the skewed
 *   time; `readClock` reads a node's clock as its processes see it.
 * - `ClusterDisks`: what survives a power loss. A cluster started with
 *   `StartOptions.lazyFs` keeps those nodes' data directories on a file
 *   system that holds writes in its own cache until they are fsynced;
 *   `loseUnsynced` drops what is unsynced there (the node's processes must
 *   be dead) and says what was lost.
 * - `ClusterFiles`: what node processes wrote. Processes write their logs
 *   and data to paths under the run's store on the harness host (the paths
 *   in `ProcessSpec` and in their argv); `collect` makes those paths hold
 *   what the node wrote, on the harness host, before the run checks them.
 *
 * Every method rejects with "nemesis.unsupported-fault" for a fault the
 * runtime cannot inject (the run reads `faults` to refuse early), with
 * "config.invalid" for a node the cluster does not have, and is safe to call
 * after a partial failure. `stop` (also `Symbol.asyncDispose`, for
 * `await using`) resumes, kills and removes everything the cluster started,
 * and is idempotent. A new runtime is one folder under harness/runtime that
 * implements these facets; shared helpers (iptables scripts, libfaketime,
 * the process table, the line splitter) are in harness/runtime/common.
 */
import { HarnessError, type ExecResult } from "./errors.js";
import type { NodeId } from "./op.js";
import type { Fault } from "./run-config.js";
import type {
  ClockOptions,
  ClockReading,
  ClockSkew,
  ClusterNode,
  ExecOptions,
  Grudge,
  NodeProcess,
  NodeSpec,
  ProbeResult,
  ProcessSpec,
  TrafficDelay,
  TrafficKind,
} from "./runtime-types.js";

export * from "./runtime-types.js";

/** The nodes of a started cluster and what it can do to them. */
export interface ClusterInfo {
  readonly runId: string;
  readonly nodes: readonly ClusterNode[];
  /** The faults this cluster can inject. */
  readonly faults: ReadonlySet<Fault>;
}

/** Programs inside nodes, and the process-level faults. */
export interface ClusterProcesses {
  /** Starts a process inside a node and tracks it until stop. */
  startProcess(node: NodeId, spec: ProcessSpec): Promise<NodeProcess>;
  /** Runs a command inside a node and returns what it did (never rejects on exit code). */
  exec(node: NodeId, argv: readonly string[], opts?: ExecOptions): Promise<ExecResult>;
  /** SIGSTOPs every process of the node; the signals are sent before the promise is returned. */
  pause(node: NodeId): Promise<void>;
  /** SIGCONTs every process of the node. */
  resume(node: NodeId): Promise<void>;
  /** SIGKILLs every process of the node. */
  kill(node: NodeId): Promise<void>;
  /** Starts the node's service processes again, with the same spec and data. */
  restart(node: NodeId): Promise<void>;
  /**
   * Freezes every process of the node (and their children), through a
   * freezer where there is one, else by SIGSTOP. The freeze is requested
   * before the promise is returned; it settles once the processes are
   * frozen, and rejects with "nemesis.fault-not-applied" if they are not.
   */
  freeze(node: NodeId): Promise<void>;
  /** Thaws what `freeze` froze. */
  thaw(node: NodeId): Promise<void>;
}

/** Faults between nodes, and a probe that proves them. */
export interface ClusterNetwork {
  /** Applies a grudge (replacing any earlier one). */
  partition(grudge: Grudge): Promise<void>;
  /** Removes every partition rule this cluster added. */
  heal(): Promise<void>;
  /**
   * Drops each packet arriving at `node` from `from` with `probability`
   * (0..1), replacing any earlier loss on that node. Healed by `healTraffic("loss")`.
   */
  dropPackets(node: NodeId, from: readonly NodeId[], probability: number): Promise<void>;
  /**
   * Routes new TCP connections from other nodes into `node`'s `delay.port`
   * through a delaying proxy (replacing any earlier delay on that port).
   * Resolves once the delay is in place. Healed by `healTraffic("delay")`.
   */
  delayTraffic(node: NodeId, delay: TrafficDelay): Promise<void>;
  /**
   * Ends every fault of that kind this cluster added. Idempotent. Loss: its
   * rules go. Delay: new connections go straight to the service again, and
   * the connections made through a proxy go on, undelayed, until they close
   * (the proxy drains, then exits; `stop` ends what still drains).
   */
  healTraffic(kind: TrafficKind): Promise<void>;
  /**
   * Tries one TCP connection from `from` to `to`'s address and `port`:
   * "refused" still proves the path works; "timeout" means no answer
   * within `timeoutMs` (default 1000).
   */
  probe(from: NodeId, to: NodeId, opts?: { readonly port?: number; readonly timeoutMs?: number }): Promise<ProbeResult>;
}

/** Node wall clocks. */
export interface ClusterClocks {
  /**
   * Sets a node's clock skew for every process of the node, running and
   * future. Rejects with "nemesis.unsupported-fault" when the cluster was not
   * started with `clock`, and with "nemesis.fault-not-applied" when the node
   * does not then report the skewed time.
   */
  setClock(node: NodeId, skew: ClockSkew): Promise<void>;
  /** Reads the node's wall clock as its processes see it (real time when clocks are not faked). */
  readClock(node: NodeId): Promise<ClockReading>;
}

/** What one node lost when its unsynced writes were dropped. */
export interface UnsyncedLoss {
  /** Files with unsynced pages or sizes. */
  readonly files: number;
  /** Bytes of the unsynced pages dropped (whole 4 KiB pages). */
  readonly bytes: number;
  /** Writes and truncations since each file's last sync. */
  readonly writes: number;
  /** How long before the loss the oldest dropped write was made, in ms (-1 when nothing was unsynced). */
  readonly oldestMs: number;
  /** Files created and never synced (neither they nor their directory), removed by the loss. */
  readonly removedFiles: number;
}

/** Power loss: unsynced writes dropped. */
export interface ClusterDisks {
  /**
   * Drops every write to the node's data directory that was not fsynced,
   * after the node's processes have been killed. Rejects with
   * "nemesis.unsupported-fault" when the cluster was started without the
   * node in `StartOptions.lazyFs`, and "nemesis.fault-not-applied" when the
   * file system did not answer.
   */
  loseUnsynced(node: NodeId): Promise<UnsyncedLoss>;
}

/** The disks facet of a cluster that cannot lose unsynced writes. */
export const NO_DISK_FAULTS: ClusterDisks = {
  loseUnsynced: async (node) => {
    throw new HarnessError("nemesis.unsupported-fault", `Cannot drop unsynced writes of node "${node}": its data directory is not on a lazy file system`);
  },
};

/** What node processes wrote, brought to the harness host. */
export interface ClusterFiles {
  /**
   * Makes each absolute `path` (a file or directory under the run's store)
   * hold, on the harness host, what the node's processes wrote there. A
   * file several nodes append to (storage.jsonl) gets this node's lines
   * appended. Runtimes whose nodes write the harness host's own files
   * (local, docker with the store mounted) resolve at once. The run calls
   * it for every node before `stop`, after the services have stopped.
   * A file that cannot be brought whole (a failed or short copy) is left
   * as it was and `<path>.incomplete` (INCOMPLETE_SUFFIX) gets a line
   * naming the host, the file and why: whoever reads the file must not
   * take it for whole.
   */
  collect(node: NodeId, paths: readonly string[]): Promise<void>;
}

/** Beside a file `collect` could not bring whole: `<file>.incomplete`, one line per failure. */
export const INCOMPLETE_SUFFIX = ".incomplete";

/** A running cluster: its nodes and the five facets. */
export interface Cluster extends ClusterInfo, ClusterProcesses, ClusterNetwork, ClusterClocks, ClusterDisks, ClusterFiles, AsyncDisposable {
  /** Resumes, kills and removes everything the cluster started. Idempotent; also `Symbol.asyncDispose`. */
  stop(): Promise<void>;
}

/** Options for starting a cluster. */
export interface StartOptions {
  readonly runId: string;
  readonly signal?: AbortSignal;
  /** When set, every process of `clock.nodes` (default: of every node) runs under its node's fake clock, initially unskewed (needed by `setClock`). */
  readonly clock?: ClockOptions;
  /**
   * Called once when the cluster can no longer record what its nodes do
   * (a node's log it writes cannot be written: the error names the file),
   * so the run can end with that error. The cluster still heals and stops.
   */
  readonly onFailure?: (error: HarnessError) => void;
  /**
   * Node id → the directory on the harness host (under the run's store)
   * that holds its data: each is mounted on a lazy file system before any
   * process starts, so `loseUnsynced` can drop what was not fsynced. What is
   * durable lies beside it in `<dir>-durable`. Needs the "lose-unfsynced" fault.
   */
  readonly lazyFs?: Readonly<Record<string, string>>;
  /**
   * Node id → its own folder on the harness host (the run's
   * `nodes/<id>/`): all of the store a node's processes may write. A
   * runtime that shares the harness host's files with its nodes (docker)
   * gives each node this folder and no other part of the store.
   */
  readonly nodeDirs?: Readonly<Record<string, string>>;
}

/** What a run will ask of an image, checked before anything starts. */
export interface ImageCheck {
  readonly name: string;
  /** The program the image will run; empty for the image's own entrypoint and command. */
  readonly argv: readonly string[];
  /** True when the run's clock faults reach the process (it must load libfaketime). */
  readonly clock: boolean;
}

/** Starts clusters. `faults` is declared up front so a run can refuse early. */
export interface Runtime {
  readonly kind: string;
  readonly faults: ReadonlySet<Fault>;
  /**
   * How many processes the runtime may have starting at once on one host,
   * when it is bounded (SSH: each process is a channel of the host's one
   * connection, and sshd opens 10 at once by default, MaxSessions). A run
   * starts its agents beside the services only where this is unbounded.
   */
  readonly startsAtOnce?: number;
  /**
   * True when the runtime moves the clocks of processes started with
   * `clockTool: "injector"` (the clock injector, native/clock-inject);
   * absent or false: they stay on the real clock.
   */
  readonly injectsClocks?: boolean;
  /**
   * Throws a `HarnessError` with code "prerequisite.missing" naming what is
   * absent, or "nemesis.unsupported-fault" when a fault in `needs` cannot be
   * served on this host (lose-unfsynced without FUSE).
   */
  checkPrerequisites(needs?: ReadonlySet<Fault>): Promise<void>;
  /**
   * Only runtimes that run images (`ProcessSpec.image`) have it. Throws a
   * `HarnessError` ("config.invalid" when the image is not on the engine,
   * "nemesis.unsupported-fault" when `clock` is asked of an image whose
   * program libfaketime cannot reach) before anything starts.
   */
  checkImage?(image: ImageCheck): Promise<void>;
  start(nodes: readonly NodeSpec[], opts: StartOptions): Promise<Cluster>;
}

/** The facets and `stop` as one `Cluster`, with `Symbol.asyncDispose` calling `stop`. */
export function composeCluster(
  info: ClusterInfo,
  facets: ClusterProcesses & ClusterNetwork & ClusterClocks & ClusterDisks & ClusterFiles & { stop(): Promise<void> },
): Cluster {
  return { ...info, ...facets, [Symbol.asyncDispose]: () => facets.stop() };
}

/** The files facet of a runtime whose nodes write the harness host's own files. */
export const SHARED_FILES: ClusterFiles = { collect: async () => undefined };
