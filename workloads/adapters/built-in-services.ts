/**
 * One record per built-in lock service: what `fencecheck list` prints of it
 * (`info`), the clock declaration a run refuses clock faults by (`clock`),
 * the image its lock nodes run on the docker runtime (`image`), whether the
 * validation matrix holds it as a known-broken design (`knownBroken`), and
 * how to load its adapter (a dynamic import, so an agent loads only its own
 * client library). Every table of built-in services is derived from these
 * records (the adapter registry, `builtInClock`, the docker images, the
 * validation matrix's rows): adding a built-in service is one record here
 * and its adapter file. The records are read without loading any adapter.
 */
import type { LockAdapter, LockAdapterInfo, LockServiceClock } from "./lock-adapter.js";
import { UNFAKEABLE_CLOCKS } from "./unfakeable-clocks.js";

// Leases: "grant" where one server times the TTL from the instant it grants (redis: the
// SET that succeeds; postgres: idle_session_timeout, set after the grant); "request" where
// replicas vote at their own instants (quorum, redlock) or a renewal may predate the grant.

/** The built-in adapter names. */
export type BuiltInAdapterName = "reference" | "reference-wallclock" | "reference-timer" | "reference-nosync" | "etcd" | "zookeeper" | "redis" | "redis-token" | "redis-token-everysec" | "redis-token-volatile" | "redlock" | "postgres" | "quorum"
  | "proper-lockfile" | "redis-semaphore" | "etcd-lock" | "warlock" | "dynamodb-lock";

/** The images (`fencecheck images build`) a built-in service's lock nodes run in. */
export type ServiceImage = "node" | "etcd" | "zookeeper" | "redis" | "postgres";

/** Everything fencecheck knows of one built-in lock service. */
export interface BuiltInService {
  /** Its self-description; the loaded adapter carries it. */
  readonly info: LockAdapterInfo;
  /** Its `service.clock` (why clock faults cannot reach its nodes); absent when every clock fault does. The loaded adapter carries it. */
  readonly clock?: LockServiceClock;
  /** The image its lock nodes run in on the docker runtime ("node" for a service run by Node). */
  readonly image: ServiceImage;
  /** A design known to break (the validation matrix counts how often each fault catches it). */
  readonly knownBroken?: true;
  /** Its adapter as its module exports it (without `info` and `service.clock`: the record gives them). */
  load(): Promise<LockAdapter>;
}

/** Every built-in service, in the order `fencecheck list` prints them. */
export const BUILT_IN_SERVICES: Readonly<Record<BuiltInAdapterName, BuiltInService>> = {
  reference: {
    info: {
      summary: "ours: one node, leases with a TTL on the server's monotonic clock, a fencing token per resource",
      token: "a per-resource counter that grows with every grant",
      limits: "a single node: partitions isolate it whole, it has no quorum to lose; clock faults do not move its leases (unless clock.monotonic=true)",
      lease: { ends: "ttl", timedFrom: "grant" },
      durability: "a grant or release is answered once its journal line is fdatasynced (one fdatasync per batch): a crash or a power loss keeps every token; --volatile-services answers before the fsync (a power loss may then repeat tokens)",
    },
    image: "node",
    load: async () => (await import("./reference-adapter.js")).referenceAdapter,
  },
  "reference-wallclock": {
    info: {
      summary: "the reference service with leases timed on its wall clock: what clock faults on the lock node break",
      token: "a per-resource counter that grows with every grant",
      limits: "unsafe under clock faults on its node by design: a clock that jumps forward or runs fast expires leases early (double grants)",
      lease: { ends: "ttl", timedFrom: "grant" },
      durability: "as reference",
    },
    image: "node",
    knownBroken: true,
    load: async () => (await import("./reference-adapter.js")).referenceWallclockAdapter,
  },
  "reference-timer": {
    info: {
      summary: "the reference service saving its token counters and leases every 300 ms instead of before each grant: what a crash right after a grant breaks",
      token: "a per-resource counter that grows with every grant, kept in memory between saves",
      limits: "unsafe under kill faults by design: a crash loses the grants of the last 300 ms, so the restarted node hands the same tokens out again",
      lease: { ends: "ttl", timedFrom: "grant" },
      durability: "changes are written every 300 ms, after the answer: a crash (kill) loses the grants of the last 300 ms, which are then given again",
    },
    image: "node",
    knownBroken: true,
    load: async () => (await import("./reference-adapter.js")).referenceTimerAdapter,
  },
  "reference-nosync": {
    info: {
      summary: "the reference service writing its journal before each grant but never fsyncing it: what a power loss breaks and a kill does not",
      token: "a per-resource counter that grows with every grant, written before the answer but not fsynced",
      limits: "unsafe under lose-unfsynced faults by design: a power loss drops the journal lines written since the last sync, so the restarted node hands the same tokens out again; safe under kill (the kernel keeps what a killed process wrote)",
      lease: { ends: "ttl", timedFrom: "grant" },
      durability: "written before the answer, never fsynced: survives a kill, not a power loss (lose-unfsynced)",
    },
    image: "node",
    knownBroken: true,
    load: async () => (await import("./reference-adapter.js")).referenceNosyncAdapter,
  },
  etcd: {
    info: {
      summary: "etcd 3-node cluster (Debian's /usr/bin/etcd): a lease kept alive by the client plus a lock key per waiter",
      token: "the create revision of the lock key",
      limits: "libfaketime does not reach it (Go reads the clock without libc): clock faults on its nodes are refused",
      lease: { ends: "keep-alive", timedFrom: "request" },
      durability: "etcd's own: the raft log is fsynced before a write is committed",
    },
    clock: UNFAKEABLE_CLOCKS.etcd,
    image: "etcd",
    load: async () => (await import("./etcd-adapter.js")).etcdAdapter,
  },
  zookeeper: {
    info: {
      summary: "ZooKeeper 3-node ensemble (Debian's zookeeper, a JVM): ephemeral sequential znode recipe, session timeout as TTL",
      token: "the czxid of the lock znode (the transaction id that created it)",
      limits: "JVM bring-up takes seconds; the lease is the session, so it ends when the session times out; clock faults on its nodes are refused (the JVM stalls under libfaketime)",
      lease: { ends: "session-timeout", timedFrom: "request" },
      durability: "ZooKeeper's own: the transaction log is fsynced before a write is acknowledged",
    },
    clock: UNFAKEABLE_CLOCKS.zookeeper,
    image: "zookeeper",
    load: async () => (await import("./zookeeper-adapter.js")).zookeeperAdapter,
  },
  redis: {
    info: {
      summary: "Redis single node: SET NX PX, release by compare-and-delete",
      token: null,
      limits: "no fencing token: storage cannot tell a stale holder's write; clock faults on its nodes are refused (redis-server does not start under libfaketime)",
      lease: { ends: "ttl", timedFrom: "grant" },
      durability: "none (no RDB, no AOF): a restart forgets every lock",
    },
    clock: UNFAKEABLE_CLOCKS.redis,
    image: "redis",
    load: async () => (await import("./redis-adapter.js")).redisAdapter,
  },
  "redis-token": {
    info: {
      summary: "Redis single node: SET NX PX, plus INCR of a per-resource counter after each grant (not part of Redis's lock); AOF with appendfsync always",
      token: "INCR of fencecheck:token:<resource> right after the grant (a counter we add, not a Redis lock feature)",
      limits: "the INCR is a second step: a holder paused between SET and INCR can still be overtaken; clock faults on its nodes are refused (redis-server does not start under libfaketime)",
      lease: { ends: "ttl", timedFrom: "grant" },
      durability: "every write is in the fsynced append-only file before Redis answers: a crash or a power loss keeps every token it gave",
    },
    clock: UNFAKEABLE_CLOCKS.redis,
    image: "redis",
    load: async () => (await import("./redis-adapter.js")).redisTokenAdapter,
  },
  "redis-token-everysec": {
    info: {
      summary: "redis-token on a Redis whose append-only file is fsynced once a second (appendfsync everysec, Redis's default with the AOF on)",
      token: "INCR of fencecheck:token:<resource> right after the grant (a counter we add, not a Redis lock feature)",
      limits: "as redis-token",
      lease: { ends: "ttl", timedFrom: "grant" },
      durability: "a crash of redis-server keeps every token (the AOF is written before the answer); a power loss may take back about the last second of tokens, which are then given again",
    },
    clock: UNFAKEABLE_CLOCKS.redis,
    image: "redis",
    load: async () => (await import("./redis-adapter.js")).redisTokenEverysecAdapter,
  },
  "redis-token-volatile": {
    info: {
      summary: "redis-token on a Redis without persistence (no RDB, no AOF): faster, and forgetful",
      token: "INCR of fencecheck:token:<resource> right after the grant (a counter we add, not a Redis lock feature)",
      limits: "as redis-token",
      lease: { ends: "ttl", timedFrom: "grant" },
      durability: "none: a restart (kill-lock, a crash, a power loss) starts with no keys, so tokens begin again at 1 and a stale holder's write can win",
    },
    clock: UNFAKEABLE_CLOCKS.redis,
    image: "redis",
    knownBroken: true,
    load: async () => (await import("./redis-adapter.js")).redisTokenVolatileAdapter,
  },
  redlock: {
    info: {
      summary: "Redlock over 3 independent Redis masters (redlock@4 on ioredis): a lock on a majority within the TTL",
      token: null,
      limits: "no fencing token (Kleppmann's critique): storage cannot tell a stale holder's write; clock faults on its nodes are refused (redis-server does not start under libfaketime)",
      lease: { ends: "ttl", timedFrom: "request" },
      durability: "none on each master (no RDB, no AOF): a restarted master forgets its locks, so a majority can grant a held lock again (Redlock asks for fsync=always or a delayed restart)",
    },
    clock: UNFAKEABLE_CLOCKS.redis,
    image: "redis",
    load: async () => (await import("./redlock-adapter.js")).redlockAdapter,
  },
  postgres: {
    info: {
      summary: "PostgreSQL single node: a session-level advisory lock; idle_session_timeout = TTL ends a silent holder's session",
      token: "nextval of the fencecheck_token sequence, taken right after the grant",
      limits: "a single node; the lease lasts while the session lives, so a paused holder keeps it until the idle timeout; clock faults on its node are refused",
      lease: { ends: "client-session", timedFrom: "grant" },
      durability: "fsync, synchronous_commit and full_page_writes on: a token's commit is on disk before it is answered",
    },
    clock: UNFAKEABLE_CLOCKS.postgres,
    image: "postgres",
    load: async () => (await import("./postgres-adapter.js")).postgresAdapter,
  },
  quorum: {
    info: {
      summary: "ours, replicated: any replica coordinates a grant that needs --lock-quorum votes (default a majority); --lock-witnesses nodes only vote",
      token: "the coordinator's highest known token + 1, ratified by a quorum of acceptors that each vote only for higher tokens",
      limits: "safe only with intersecting quorums (more than half the nodes); a smaller --lock-quorum is there to show the split brain",
      lease: { ends: "ttl", timedFrom: "request" },
      durability: "each acceptor's vote is written durably (temp file, fsync, rename) before it is answered: a crash or a power loss keeps every vote",
    },
    image: "node",
    load: async () => (await import("./quorum-adapter.js")).quorumAdapter,
  },
  "proper-lockfile": {
    info: {
      summary: "proper-lockfile@4 (npm): a lock directory made with mkdir in a directory shared by all clients, its mtime touched every stale/2 by the holder; stale = TTL",
      token: null,
      limits: "no fencing token; a contender judges staleness from the lock's mtime against its own clock, so a client whose clock is wrong takes a held lock; the file system is the lock service, on the harness host: pausing, killing or cutting off its node reaches nothing (partition-holder and kill-lock do not touch the locks), and clients must share the host's files (--runtime local only)",
      lease: { ends: "keep-alive", timedFrom: "request", renewedBy: "holder-process" },
      durability: "the file system's: a lock is a directory; a kill of a client leaves its lock until it goes stale",
    },
    image: "node",
    load: async () => (await import("./proper-lockfile-adapter.js")).properLockfileAdapter,
  },
  "redis-semaphore": {
    info: {
      summary: "redis-semaphore@5 (npm) Mutex on ioredis over one Redis node: SET NX PX lockTimeout, refreshed every 0.8 x lockTimeout by the holder",
      token: null,
      limits: "no fencing token: storage cannot tell a stale holder's write; a release after the lock was lost succeeds silently unless the refresh noticed the loss first; clock faults on its node are refused (redis-server does not start under libfaketime)",
      lease: { ends: "keep-alive", timedFrom: "request" },
      durability: "none (no RDB, no AOF, as redis): a restart forgets every lock",
    },
    clock: UNFAKEABLE_CLOCKS.redis,
    image: "redis",
    load: async () => (await import("./redis-semaphore-adapter.js")).redisSemaphoreAdapter,
  },
  "etcd-lock": {
    info: {
      summary: "the etcd3@1 package's own Lock helper (npm) over the etcd cluster: a lease kept alive by the client plus a put-if-absent of the lock key; no waiting queue",
      token: null,
      limits: "no fencing token (the helper exposes no revision); a contender polls (no queue, so no fairness); the library's own retries are on; clock faults on etcd's nodes are refused (Go reads the clock without libc)",
      lease: { ends: "keep-alive", timedFrom: "request" },
      durability: "etcd's own: the raft log is fsynced before a write is committed",
    },
    clock: UNFAKEABLE_CLOCKS.etcd,
    image: "etcd",
    load: async () => (await import("./etcd-lock-adapter.js")).etcdLockAdapter,
  },
  warlock: {
    info: {
      summary: "node-redis-warlock@1 (npm) on the redis@3 client over one Redis node: SET NX PX ttl, unlock by compare-and-delete; no refresh",
      token: null,
      limits: "no fencing token: storage cannot tell a stale holder's write; clock faults on its node are refused (redis-server does not start under libfaketime)",
      lease: { ends: "ttl", timedFrom: "grant" },
      durability: "none (no RDB, no AOF, as redis): a restart forgets every lock",
    },
    clock: UNFAKEABLE_CLOCKS.redis,
    image: "redis",
    load: async () => (await import("./warlock-adapter.js")).warlockAdapter,
  },
  "dynamodb-lock": {
    info: {
      summary: "dynamodb-lock-client@0.7 (npm) fail-open locks on the AWS SDK v2 against one dynalite node (a DynamoDB API server on LevelDB): a conditional put, heartbeats every TTL/3",
      token: "the lock item's fencingToken, incremented by each acquire's conditional put",
      limits: "a contender waits a whole lease (TTL) after reading a held lock before it tries, so acquires are slow; a failed heartbeat stops all later heartbeats; one dynalite node; SDK retries off (one attempt per call)",
      lease: { ends: "keep-alive", timedFrom: "request" },
      durability: "dynalite's LevelDB, written without fsync: a kill keeps every token, a power loss may take back the last ones",
    },
    image: "node",
    load: async () => (await import("./dynamodb-lock-adapter.js")).dynamodbLockAdapter,
  },
};

/** The record of the built-in service called `name`, or undefined (an adapter module's path, an unknown name). */
export function builtInService(name: string): BuiltInService | undefined {
  return Object.hasOwn(BUILT_IN_SERVICES, name) ? BUILT_IN_SERVICES[name as BuiltInAdapterName] : undefined;
}

/** Each built-in adapter's clock declaration (`service.clock`), by adapter name, without loading it: what a run refuses up front. */
export function builtInClock(name: string): LockServiceClock | undefined {
  return builtInService(name)?.clock;
}

/** The image the lock nodes of adapter `name` run in on the docker runtime: its record's, else "node" (an adapter module's service). */
export function lockServiceImage(name: string): ServiceImage {
  return builtInService(name)?.image ?? "node";
}
