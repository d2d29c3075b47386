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

/** Clock skew for a node: an offset and a rate (1 = real speed). */
export interface ClockSkew {
  readonly offsetMs: number;
  readonly rate: number;
}

/** Node -> the nodes whose traffic it drops (Jepsen's grudge). */
export type Grudge = ReadonlyMap<NodeId, ReadonlySet<NodeId>>;

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
  /** Sets a node's clock skew. */
  setClock(node: NodeId, skew: ClockSkew): Promise<void>;
  /** Resumes, kills and removes everything the cluster started. Idempotent. */
  stop(): Promise<void>;
}

/** Options for starting a cluster. */
export interface StartOptions {
  readonly runId: string;
  readonly signal?: AbortSignal;
}

/** Starts clusters. `faults` is declared up front so a run can refuse early. */
export interface Runtime {
  readonly kind: string;
  readonly faults: ReadonlySet<Fault>;
  /** Throws a `HarnessError` with code "prerequisite.missing" naming what is absent. */
  checkPrerequisites(): Promise<void>;
  start(nodes: readonly NodeSpec[], opts: StartOptions): Promise<Cluster>;
}
