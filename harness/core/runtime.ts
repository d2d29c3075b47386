/**
 * The single effectful seam. Everything that touches namespaces, processes,
 * signals, iptables or clocks goes through a `Runtime` and the `Cluster` it
 * starts. Nemeses call only `Cluster` methods, so a fake cluster tests them.
 */
import type { ExecResult } from "./errors.js";
import type { NodeId } from "./op.js";
import type { Fault, NodeRole } from "./run-config.js";

/** A node to bring up: a network identity that processes run inside. */
export interface NodeSpec {
  readonly id: NodeId;
  readonly role: NodeRole;
}

/** A started node, with the address other nodes reach it at. */
export interface ClusterNode {
  readonly id: NodeId;
  readonly role: NodeRole;
  /** IPv4 address inside the run's network. */
  readonly host: string;
}

/** A long-running process to start inside a node. */
export interface ProcessSpec {
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** File that receives the process's stderr (and stdout unless `stdio` is "pipe"). */
  readonly logFile: string;
  /** "pipe": stdout and stdin are kept for a line protocol (client agents). */
  readonly stdio?: "log" | "pipe";
  /** When set, start waits until this TCP port accepts connections on the node's address. */
  readonly readyPort?: number;
  /** How long to wait for readiness; default 10 s. */
  readonly readyTimeoutMs?: number;
  /** A service is restarted by `restart`; an agent is not. Default "service". */
  readonly kind?: "service" | "agent";
  /**
   * When the cluster fakes clocks (`StartOptions.clock`), false keeps this
   * process on the real clock (a binary libfaketime crashes). Default true.
   */
  readonly fakeClock?: boolean;
}

/** How a process ended. */
export interface ProcessExit {
  readonly code: number | null;
  readonly signal: string | null;
}

/** A process started by the cluster. */
export interface NodeProcess {
  readonly node: NodeId;
  readonly pid: number;
  /** Writes one line (a newline is added) to the process's stdin ("pipe" only). */
  send(line: string): void;
  /** Calls `listener` with every line the process writes to stdout ("pipe" only). */
  onLine(listener: (line: string) => void): void;
  /** Settles when the process exits. */
  readonly exited: Promise<ProcessExit>;
  /** Sends a signal to this process only. */
  signal(signal: "SIGSTOP" | "SIGCONT" | "SIGTERM" | "SIGKILL"): void;
}

/**
 * Clock skew for a node: from the moment it is set, the node's wall clock
 * reads real time plus `offsetMs` and then advances `rate` times as fast as
 * real time (1 = real speed). Only the wall clock (CLOCK_REALTIME) moves;
 * monotonic clocks stay real unless the cluster was started with
 * `clock.monotonic`.
 */
export interface ClockSkew {
  readonly offsetMs: number;
  readonly rate: number;
}

/** A node's wall clock as its processes see it, read by `Cluster.readClock`. */
export interface ClockReading {
  readonly node: NodeId;
  /** The node's clock minus the real clock at the moment of reading, ms. */
  readonly offsetMs: number;
}

/** Faked clocks for a run's processes (libfaketime in the local runtime). */
export interface ClockOptions {
  /** Also fake CLOCK_MONOTONIC (off by default: a backward jump stalls Node timers). */
  readonly monotonic?: boolean;
}

/** Node -> the nodes whose traffic it drops (Jepsen's grudge). */
export type Grudge = ReadonlyMap<NodeId, ReadonlySet<NodeId>>;

/** Delay added to new TCP connections into one port of a node (through a proxy). */
export interface TrafficDelay {
  /** The service port whose incoming connections from other nodes are delayed; default: the ready port of each service on the node. */
  readonly port?: number;
  /** Added to every chunk of data, in each direction. */
  readonly delayMs: number;
  /** A uniform random extra of 0..jitterMs per chunk (order is kept). */
  readonly jitterMs: number;
  /** Seeds the jitter. */
  readonly seed: number;
}

/** Traffic shaping kinds, each healed on its own by `healTraffic`. */
export type TrafficKind = "loss" | "delay";

/** What a TCP connection attempt from one node to another did. */
export type ProbeResult = "connected" | "refused" | "timeout";

/** Options for a one-off command inside a node. */
export interface ExecOptions {
  readonly timeoutMs?: number;
  readonly input?: string;
}

/** A running cluster. Every method is safe to call after a partial failure. */
export interface Cluster {
  readonly runId: string;
  readonly nodes: readonly ClusterNode[];
  /** The faults this cluster can inject. */
  readonly faults: ReadonlySet<Fault>;
  /** Starts a process inside a node and tracks it until stop. */
  startProcess(node: NodeId, spec: ProcessSpec): Promise<NodeProcess>;
  /** Runs a command inside a node and returns what it did (never rejects on exit code). */
  exec(node: NodeId, argv: readonly string[], opts?: ExecOptions): Promise<ExecResult>;
  /** SIGSTOPs every process of the node. */
  pause(node: NodeId): Promise<void>;
  /** SIGCONTs every process of the node. */
  resume(node: NodeId): Promise<void>;
  /** SIGKILLs every process of the node. */
  kill(node: NodeId): Promise<void>;
  /** Starts the node's service processes again, with the same spec and data. */
  restart(node: NodeId): Promise<void>;
  /** Applies a grudge (replacing any earlier one). */
  partition(grudge: Grudge): Promise<void>;
  /** Removes every partition rule this cluster added. */
  heal(): Promise<void>;
  /**
   * Sets a node's clock skew for every process of the node, running and
   * future. Rejects with "nemesis.unsupported-fault" when the cluster was not
   * started with `clock`, and with "nemesis.fault-not-applied" when the node
   * does not then report the skewed time.
   */
  setClock(node: NodeId, skew: ClockSkew): Promise<void>;
  /** Reads the node's wall clock as its processes see it (real time when clocks are not faked). */
  readClock(node: NodeId): Promise<ClockReading>;
  /**
   * Freezes every process of the node (and their children) through the
   * freezer cgroup, or SIGSTOPs them where no freezer is usable. The
   * freeze is requested before the promise is returned; it settles once the
   * processes are frozen, and rejects with "nemesis.fault-not-applied" if
   * they are not.
   */
  freeze(node: NodeId): Promise<void>;
  /** Thaws what `freeze` froze. */
  thaw(node: NodeId): Promise<void>;
  /**
   * Drops each packet arriving at `node` from `from` with `probability`
   * (0..1), replacing any earlier loss on that node. Healed by `healTraffic("loss")`.
   */
  dropPackets(node: NodeId, from: readonly NodeId[], probability: number): Promise<void>;
  /**
   * Routes new TCP connections from other nodes into `node`'s `delay.port`
   * through a delaying proxy (replacing any earlier delay on that port).
   * Resolves once the proxy listens and the redirect is in place. Healed by
   * `healTraffic("delay")`, which stops the proxies and their connections.
   */
  delayTraffic(node: NodeId, delay: TrafficDelay): Promise<void>;
  /** Removes every rule and proxy of that kind this cluster added. Idempotent. */
  healTraffic(kind: TrafficKind): Promise<void>;
  /**
   * Tries one TCP connection from `from` to `to`'s address and `port`:
   * "refused" still proves the path works; "timeout" means no answer
   * within `timeoutMs` (default 1000).
   */
  probe(from: NodeId, to: NodeId, opts?: { readonly port?: number; readonly timeoutMs?: number }): Promise<ProbeResult>;
  /** Resumes, kills and removes everything the cluster started. Idempotent. */
  stop(): Promise<void>;
  /**
   * The lock node that currently leads the lock service, or undefined when
   * none does. Present only when the run can ask (the lock adapter has
   * `leader` and the run started the lock nodes); runtimes do not supply it,
   * the run wraps the cluster it hands to the nemesis.
   */
  lockLeader?(): Promise<NodeId | undefined>;
}

/** Options for starting a cluster. */
export interface StartOptions {
  readonly runId: string;
  readonly signal?: AbortSignal;
  /** When set, every process runs under its node's fake clock, initially unskewed (needed by `setClock`). */
  readonly clock?: ClockOptions;
}

/** Starts clusters. `faults` is declared up front so a run can refuse early. */
export interface Runtime {
  readonly kind: string;
  readonly faults: ReadonlySet<Fault>;
  /** Throws a `HarnessError` with code "prerequisite.missing" naming what is absent. */
  checkPrerequisites(): Promise<void>;
  start(nodes: readonly NodeSpec[], opts: StartOptions): Promise<Cluster>;
}
