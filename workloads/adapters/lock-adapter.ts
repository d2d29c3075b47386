/**
 * The lock adapter contract (DESIGN.md, "Lock and storage adapters"). A
 * built-in adapter and a user's module have the same shape: a default export
 * with a `name`, an optional `service` that says how to start the lock
 * service on the lock nodes, and `connect`, which returns a client for one
 * logical process.
 */

/** A fencing token as an adapter may return it; normalized with `toToken`. */
export type RawToken = string | bigint | number;

/**
 * What `acquire` resolves to. `token` must increase with every grant of the
 * same resource. The whole object is handed back to `release`, so an
 * adapter may keep its own fields on it (a lease id, a znode path...).
 */
export interface Lease {
  readonly token: RawToken;
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

/** How to launch the service on one node. */
export interface LockServiceLaunch {
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Resolves true once the node answers; the harness polls it. */
  ready?(): Promise<boolean>;
}

/** How to start the lock service; omitted when endpoints are given by the user. */
export interface LockService {
  readonly nodes: number;
  start(node: LockServiceNode, peers: readonly LockServiceNode[]): LockServiceLaunch;
}

/** A lock adapter module's default export. */
export interface LockAdapter {
  readonly name: string;
  readonly service?: LockService;
  connect(options: ConnectOptions): Promise<LockClient>;
}
