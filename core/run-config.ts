/**
 * The resolved configuration of a run: plain data, written to config.json,
 * enough to re-run it and to re-check it. Live handles (cluster, agents,
 * abort signal) travel separately in the run context.
 */
import type { HoldSpec } from "./hold.js";
import type { LeaseCheck } from "./agent-protocol.js";
import type { ExistingService } from "./existing-service.js";

export type RuntimeKind = "local" | "fake" | "docker" | "ssh";

/** The fault kinds a runtime can declare it supports. */
export type Fault = "pause" | "kill" | "partition" | "clock" | "lose-unfsynced";

/** What role a node plays in a run. */
export type NodeRole = "lock" | "storage" | "client";

/**
 * Storage semantics, by name: one of the kinds in the storage registry
 * (workloads/services/storage-kinds.ts), which says what each one is.
 * `fenced` rejects tokens below the highest it accepted; `unfenced` accepts
 * everything.
 */
export type StorageKind = string;

export interface LockConfig {
  /** A built-in adapter name ("reference") or a path to a user's module. */
  readonly adapter: string;
  readonly nodes: number;
  /** Endpoints of services the harness does not start, when given. */
  readonly endpoints?: readonly string[];
  /** A service already running on the lock nodes' hosts, steered by its own commands (ssh runtime; `--existing` or the adapter's `existing`). */
  readonly existing?: ExistingService;
  /** Votes a replicated service needs per decision (the `quorum` adapter); default a majority. */
  readonly quorum?: number;
  /** How many of the lock nodes are witnesses that vote but hold no data (the `quorum` adapter); default 0. */
  readonly witnesses?: number;
  /**
   * What ends a lease besides its release and its TTL, as the adapter
   * declares it (LockAdapterInfo.lease); set at run start and stored in
   * config.json, so `fencecheck analyze` judges leases the same way.
   * Absent: nothing is known, and the checkers assume the least (see
   * checkers/lease).
   */
  readonly lease?: LeaseDeclaration;
  /** Older runs' form of `lease: { ends: "ttl" }`: read, never written. */
  readonly fixedTtl?: boolean;
}

/**
 * What ends a lease on the server besides its release and its TTL:
 * - `ttl`: nothing; the lease lasts exactly the TTL on the server's clock
 *   (reference, quorum, redis, redis-token, redlock).
 * - `client-session`: the client's session, which ends when the client
 *   dies or retires (PostgreSQL advisory locks; also a session idle for a TTL).
 * - `session-timeout`: a session that the client keeps alive and that
 *   outlives the client's death by its timeout (ZooKeeper ephemeral nodes).
 * - `keep-alive`: the client renews it while it lives (etcd leases).
 */
export type LeaseEnd = "ttl" | "client-session" | "session-timeout" | "keep-alive";

/** An adapter's declaration of its leases, carried by LockConfig to the checkers. */
export interface LeaseDeclaration {
  readonly ends: LeaseEnd;
  /**
   * Where the TTL is timed from: `grant`, one server starts it at the
   * instant it grants; `request`, it may start as early as the acquire's
   * request (each replica at its own vote, a renewal before the grant).
   */
  readonly timedFrom: "grant" | "request";
  /**
   * For `keep-alive` leases: `holder-process` when the holder's own process
   * renews the lease with a local system call and nothing of a renewal is in
   * flight once that process is stopped (proper-lockfile touches its lock's
   * mtime, each touch keeping the lock one TTL by its contenders' clocks).
   * Then a holder the nemesis froze renewed last before its freeze returned,
   * and its lease certainly ended one TTL after. Absent when renewals cross
   * the network (a Redis refresh, an etcd keep-alive): a request sent just
   * before the freeze reaches the service whenever it does, so nothing bounds
   * a frozen holder's lease.
   */
  readonly renewedBy?: "holder-process";
}

export interface StorageConfig {
  readonly kind: StorageKind;
  readonly nodes: number;
}

export interface WorkloadConfig {
  readonly name: string;
  readonly clients: number;
  readonly resources: number;
  /** Lease time to live asked of the lock service. */
  readonly ttlMs: number;
  /** The shortest time a client spends inside its critical section (before it writes or releases). */
  readonly holdMs: number;
  /** The holds drawn per critical section (see hold.ts); always `holdMs` when absent. */
  readonly hold?: HoldSpec;
  /** How long an acquire keeps retrying a busy lock before it fails. */
  readonly acquireTimeoutMs: number;
  /**
   * Single-writer partitioning: thread t only ever uses resource t mod N, so
   * no two clients contend for a key (the seed's alternative to fencing).
   */
  readonly singleWriter?: boolean;
  /**
   * `--agent-per-client`: every client runs in an agent process of its own.
   * Without it, the clients of a run without faults share processes (up to
   * 32 a process; `harness/run/lifecycle/shared-hosts.ts` says when).
   */
  readonly agentPerClient?: true;
  /** How clients check their own lease before writing (see LeaseCheck). */
  readonly leaseCheck?: LeaseCheck;
  /** Time between a client's lease check and its write (default 0). */
  readonly writeDelayMs?: number;
}

export interface NemesisConfig {
  /** Fault packages by name, for example ["pause-holder"]. */
  readonly faults: readonly string[];
  /** Mean time between faults. */
  readonly intervalMs: number;
  /** Per-fault options, by package name. */
  readonly options: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** How the ssh runtime reaches the user's hosts, and where each node runs. */
export interface SshConfig {
  /** Host names or addresses, in the order given (lock nodes go on the first). */
  readonly hosts: readonly string[];
  readonly user: string;
  readonly port: number;
  /** A private key file; the SSH agent and ~/.ssh/id_* when absent. */
  readonly keyFile?: string;
  readonly knownHostsFile: string;
  /** Accept and record the key of a host known_hosts does not list. */
  readonly acceptNewHostKeys: boolean;
  /** Node -> host, every node of the run (the default placement, or the placement file's). */
  readonly placement?: Readonly<Record<string, string>>;
  /** Seconds without the harness's heartbeat after which each host's watchdog cleans the run (default 30). */
  readonly watchdogS?: number;
  /** Run what needs root through `sudo -n` (always when the user is not root). */
  readonly sudo?: boolean;
}

export interface RunConfig {
  readonly name: string;
  readonly seed: number;
  readonly runtime: RuntimeKind;
  /** Present with the ssh runtime. */
  readonly ssh?: SshConfig;
  readonly lock: LockConfig;
  readonly storage: StorageConfig;
  readonly workload: WorkloadConfig;
  readonly nemesis: NemesisConfig;
  readonly timeLimitMs: number;
  /** An op that does not complete within this becomes `info`. */
  readonly opTimeoutMs: number;
  /** Where runs are stored; each run gets `<storeDir>/<name>/<start-time>-<options>/`. */
  readonly storeDir: string;
  /**
   * `--volatile-services`: our own services (the reference lock and our
   * storage service) answer without waiting for fsync, for speed; a power
   * loss may then take back a grant or an accepted write. Absent: durable.
   */
  readonly volatileServices?: true;
  /** The command line that reproduces this run. */
  readonly command: string;
}
