/**
 * The lock adapter contract (DESIGN.md, "Lock and storage adapters"). A
 * built-in adapter and a user's module have the same shape: a default export
 * with a `name`, an optional `service` that says how to start the lock
 * service on the lock nodes, and `connect`, which returns a client for one
 * logical process.
 *
 * A user's module (`--lock ./adapter.mjs`) is loaded where its clients and
 * service run: on the ssh hosts and in the docker runtime's containers.
 * Its `files` says what it needs there besides itself (the programs its
 * `service.start` names, its own node_modules), as paths relative to the
 * module's folder; only those are copied to the hosts (readable by root
 * only) and mounted read-only into containers. Without `files` the whole
 * folder goes, as long as it is not a home folder and holds at most
 * ADAPTER_FOLDER_MAX_BYTES (harness/runtime/common/adapter-files.ts): a
 * module run from $HOME never ships the home folder.
 */

import type { ExistingService, LeaseDeclaration } from "../../core/index.js";

/** A fencing token as an adapter may return it; normalized with `toToken`. */
export type RawToken = string | bigint | number;

/**
 * What `acquire` resolves to. `token` must increase with every grant of the
 * same resource. The whole object is handed back to `release`, so an
 * adapter may keep its own fields on it (a lease id, a znode path...).
 */
export interface Lease {
  /** Null only from an adapter whose `info.token` is null (no fencing token exists). */
  readonly token: RawToken | null;
  readonly [extra: string]: unknown;
}

/** Options of one acquire. */
export interface AcquireOptions {
  readonly ttlMs: number;
  /**
   * Aborts the acquire. When it fires between attempts the adapter throws an
   * error with `code: "lock-busy", definite: true`; an attempt cut short in
   * flight is indeterminate (the grant may have happened).
   */
  readonly signal: AbortSignal;
}

/** Options of one release. */
export interface ReleaseOptions {
  readonly signal: AbortSignal;
}

/**
 * A client for one logical process. Errors are thrown as objects carrying
 * `code` (a string, e.g. "lock-busy", "lease-lost") and `definite: true`
 * when the call certainly had no effect; anything else is indeterminate.
 */
export interface LockClient {
  acquire(resource: string, options: AcquireOptions): Promise<Lease>;
  release(resource: string, lease: Lease, options: ReleaseOptions): Promise<void>;
  close?(): Promise<void>;
}

/** How a client connects. Endpoints are "host:port" (or URLs, adapter's choice). */
export interface ConnectOptions {
  /**
   * Every lock node's endpoint, rotated for this client: client i's list
   * starts at node i mod n (Jepsen's binding), so an adapter that uses the
   * first endpoint spreads the clients over the nodes. Prefer the first;
   * fail over to the others in order.
   */
  readonly endpoints: readonly string[];
  readonly clientId: string;
}

/** One lock node as the harness starts it. */
export interface LockServiceNode {
  readonly id: string;
  readonly host: string;
  readonly port: number;
  /** A directory the service may keep its state in (survives restarts). */
  readonly dataDir: string;
}

/** A file a service needs before it starts (a config file), written by the harness on the node's host. */
export interface LaunchFile {
  /** Absolute; inside the node's `dataDir`. */
  readonly path: string;
  readonly text: string;
}

/**
 * How to launch the service on one node. `service.start` only describes the
 * launch: it writes nothing (it also runs where the service does not, to
 * learn what a host needs); what must exist first goes in `files`. With
 * `image` (the docker runtime only) the node runs that image as its own
 * container in the node's network namespace: `argv` replaces the image's
 * entrypoint and command (empty: keep them), `env` is added to the image's,
 * `user` is who it runs as, `ports` are what it listens on. Without
 * `image`, `argv` runs inside the node.
 */
export interface LockServiceLaunch {
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** An image already on the Docker engine ("my-lock:1.2"); the harness never pulls. */
  readonly image?: string;
  /** With `image`: the user the container runs as ("1000" or "name:group"); the image's by default. */
  readonly user?: string;
  /**
   * With `image`: the ports the service listens on; the first is the one
   * clients connect to and readiness waits for. Default: `[node.port]`.
   */
  readonly ports?: readonly number[];
  /**
   * Files written on the node's host, before `argv` runs there, on every
   * start (the store's paths in `path` and `text` become the host's).
   */
  readonly files?: readonly LaunchFile[];
  /**
   * Resolves true once the node answers; the harness polls it from inside
   * the node's network (after the node's port accepts connections).
   */
  ready?(): Promise<boolean>;
  /** How long the node may take to become ready (default 10 s; a JVM needs more). */
  readonly readyTimeoutMs?: number;
}

/**
 * The run's settings for the service (RunConfig `lock`), for adapters that
 * have choices; an adapter ignores what it does not use.
 */
export interface LockServiceSettings {
  /** Votes needed per decision (`--lock-quorum`); undefined: the adapter's default. */
  readonly quorum?: number;
  /** How many lock nodes are witnesses (`--lock-witnesses`); undefined: none. */
  readonly witnesses?: number;
  /** True with `--volatile-services`: answer without waiting for fsync (our own services only). */
  readonly volatile?: boolean;
  /** The lease TTL the run's clients ask for (`--ttl-ms`), for a service whose own limits must admit it (ZooKeeper's session timeout). */
  readonly ttlMs?: number;
}

/** How to start the lock service; omitted when endpoints are given by the user. */
export interface LockService {
  readonly nodes: number;
  start(node: LockServiceNode, peers: readonly LockServiceNode[], settings?: LockServiceSettings): LockServiceLaunch;
  /**
   * Set when libfaketime cannot reach the service's processes, with the
   * reason in one line ("etcd is a Go binary: it reads the clock without
   * libc"). Its processes then run on the real clock, and a run whose clock
   * faults aim at lock nodes is refused before anything starts. Omitted: the
   * service's clocks can be skewed.
   */
  readonly clock?: LockServiceClock;
  /**
   * "together" (default): every node starts at once. "one-by-one": each
   * node starts once the previous one's port accepts connections (for
   * services whose members stall on peers that listen but do not serve
   * yet, like etcd's bootstrap). Readiness (`ready()`) is then awaited for
   * all nodes at once.
   */
  readonly startOrder?: "together" | "one-by-one";
}

/** A service whose clock libfaketime cannot fake, and why. */
export interface LockServiceClock {
  readonly support: "unsupported";
  readonly reason: string;
  /**
   * True when the clock injector (native/clock-inject) moves its processes'
   * clocks instead: a runtime that injects clocks (`Runtime.injectsClocks`:
   * local) runs them under it and takes clock faults on its nodes; the
   * others still refuse them.
   */
  readonly injectable?: boolean;
}

/**
 * What an adapter says about itself, for `fencecheck list`, the report and
 * the run's notes. All one-liners.
 */
export interface LockAdapterInfo {
  /** What the service is. */
  readonly summary: string;
  /**
   * What the fencing token is ("create revision of the lock key"), or null
   * when the service grants none: then acquire may resolve with `token: null`
   * and writes go to storage without a token.
   */
  readonly token: string | null;
  /** Its limits: faults that cannot reach it, what it does not promise. */
  readonly limits?: string;
  /** What a crash of the service or a power loss of its machine does to what it answered (how it is run). */
  readonly durability?: string;
  /**
   * What ends a lease besides release and TTL, and where its TTL is timed
   * from (core/run-config.ts, LeaseDeclaration). The run stores it in its
   * config and every checker judges leases by it: only `ends: "ttl"` makes
   * an expiry certain (the real-time checker needs that). Omitted: the
   * checkers assume the least (a lease may end at its client's death, and
   * may be renewed).
   */
  readonly lease?: LeaseDeclaration;
}

/** A lock adapter module's default export. */
export interface LockAdapter {
  readonly name: string;
  readonly service?: LockService;
  /**
   * Instead of `service`: a service already running on the lock nodes'
   * hosts, which the ssh runtime finds by its PID command and stops and
   * starts with its own commands (core/existing-service.ts). `--existing
   * <file.json>` gives the same declaration for any adapter, built-in ones
   * included, and wins over this one.
   */
  readonly existing?: ExistingService;
  /** Optional self-description; built-in adapters all have one. */
  readonly info?: LockAdapterInfo;
  /**
   * A user's module only: the files and folders, relative to the module's
   * folder and inside it, that the module needs on the hosts and in
   * containers besides itself (see the module comment), e.g.
   * `["server.mjs", "node_modules"]`. Omitted: the module's whole folder.
   */
  readonly files?: readonly string[];
  connect(options: ConnectOptions): Promise<LockClient>;
  /**
   * Optional: the endpoint ("host:port", one of `endpoints`) of the node that
   * currently leads the service, or undefined when none does (an election
   * is under way, or no node answers). The harness calls it from inside the
   * run's network, at the moment a leader-aware fault strikes. Faults aimed
   * at the leader (`partition-leader`, `pause-leader`) are refused before the
   * run starts for an adapter without it.
   */
  leader?(endpoints: readonly string[]): Promise<string | undefined>;
}
