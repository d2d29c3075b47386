/**
 * The values that cross the runtime seam (core/runtime.ts): what to
 * start, what started, and the parameters of each fault.
 */
import type { NodeId } from "./op.js";
import type { NodeRole } from "./run-config.js";

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
  /**
   * How a faked clock reaches this process: "libfaketime" (LD_PRELOAD, the
   * default) or "injector": the clock injector patches the process's vDSO
   * once it is ready, for programs libfaketime cannot reach (Go, static) or
   * breaks (redis-server, the ZooKeeper JVM). A runtime that does not
   * inject clocks (`Runtime.injectsClocks`) keeps such a process on the
   * real clock, and the run refuses clock faults on its nodes up front.
   */
  readonly clockTool?: "libfaketime" | "injector";
  /**
   * Run the process as a container of this image instead of inside the
   * node (the docker runtime only; others refuse it up front): it shares
   * the node's network namespace, so every network fault reaches it.
   */
  readonly image?: ProcessImage;
}

/** A process that runs as its own image (`ProcessSpec.image`). */
export interface ProcessImage {
  /** The image as the engine names it ("my-lock:1.2"); it must be on the engine already. */
  readonly name: string;
  /** The user to run as ("1000", "lock:lock"); the image's own by default. */
  readonly user?: string;
  /** Every port the process listens on (delay faults route each of them); `readyPort` by default. */
  readonly ports?: readonly number[];
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
  /** Sends a signal to this process only (SIGUSR2: a program's own request, such as the delay proxy's heal). */
  signal(signal: "SIGSTOP" | "SIGCONT" | "SIGTERM" | "SIGKILL" | "SIGUSR2"): void;
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
  /**
   * How far `offsetMs` may be off because the moment of reading is known only
   * within the time the read took (half of it), ms; absent: exact.
   */
  readonly uncertaintyMs?: number;
  /**
   * The real wall time (ms) `offsetMs` refers to. A clock running at a rate
   * other than 1 drifts while it is read, so a check of the offset compares
   * it with the offset expected at this time; absent: when the read returned.
   */
  readonly atMs?: number;
  /** What moved the clock read: "injector" when it was read inside processes the clock injector moved; absent: libfaketime or the real clock. */
  readonly tool?: "injector";
}

/** Faked clocks for a run's processes (libfaketime in the local runtime). */
export interface ClockOptions {
  /** Also fake CLOCK_MONOTONIC (off by default: a backward jump stalls Node timers). */
  readonly monotonic?: boolean;
  /**
   * The nodes whose clock the run may change: only their processes run
   * under a fake clock (libfaketime breaks some services, so it is loaded
   * nowhere it is not needed), and `setClock` refuses any other node with
   * "nemesis.unsupported-fault". Omitted: every node.
   */
  readonly nodes?: readonly string[];
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
