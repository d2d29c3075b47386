/**
 * The validation matrix's one table: every cell `fencecheck validate` runs,
 * its expected verdict and why, in one sentence. Rows are designs (a lock
 * service with the storage that protects its data, or a design known to
 * break), columns are faults (a `--nemesis` package and its `--fault-opt`s,
 * named as `fencecheck list` names them). A cell marked `ci` belongs to
 * `--cells ci`, the covering subset CI runs: every service and every fault
 * at least once, plus the known-broken designs; `dockerCi` marks the
 * docker column's subset (every service once, every fault of the issue's
 * columns once, and the two known-broken designs whose catch does not
 * hang on a clock fault's timing). The expectations are what a
 * correct harness must say, not what it says today: a cell that disagrees
 * is a bug of the harness (or of the design's claim), never of the table.
 * A cell a scenario already declares (`fencecheck scenario list`) names
 * that scenario's variant instead of repeating its command line and reason.
 */
import { builtInAdapters, builtInService } from "../run/index.js";
import type { ValidationDesign, ValidationFault, ValidationRow } from "./validation-types.js";

/** Where the example of a user's own lock service lives (docs/tutorial.md), relative to the package root. */
export const CUSTOM_LOCK_ADAPTER = "examples/custom-lock/adapter.mjs";

/** Where the early-granting test lock service lives, relative to the package root. */
export const EARLY_LOCK_ADAPTER = "harness/cli/testdata/early-lock/adapter.mjs";

/**
 * The designs (rows): every built-in lock service, from its record
 * (workloads/adapters/built-in-services.ts), with the storage that protects
 * its data: `fenced` where the service gives tokens, `cas` where it does
 * not; the known-broken ones after the others; then the designs that are
 * not a built-in service alone.
 */
export const DESIGNS: readonly ValidationDesign[] = [
  ...builtInDesigns().filter((d) => !d.knownBroken),
  // The example a user copies (examples/custom-lock): it must stay safe under the faults the tutorial names.
  { name: "custom-lock", argv: ["--lock", `{root}/${CUSTOM_LOCK_ADAPTER}`, "--storage", "fenced"] },
  ...builtInDesigns().filter((d) => d.knownBroken),
  { name: "quorum-2-of-4", knownBroken: true },
  { name: "early-lock", argv: ["--workload", "lock-mutex", "--lock", `{root}/${EARLY_LOCK_ADAPTER}`, "--clients", "3"], knownBroken: true },
];

function builtInDesigns(): ValidationDesign[] {
  return builtInAdapters().map(({ name }) => {
    const record = builtInService(name);
    const storage = record?.info.token === null ? "cas" : "fenced";
    return { name, argv: ["--lock", name, "--storage", storage], ...(record?.knownBroken ? { knownBroken: true } : {}) };
  });
}

/** The faults (columns). */
export const FAULTS: readonly ValidationFault[] = [
  { name: "kill-storage", argv: ["--nemesis", "kill-storage"] },
  { name: "kill-lock", argv: ["--nemesis", "kill-lock"] },
  { name: "partition-holder", argv: ["--nemesis", "partition-holder"] },
  { name: "loss", argv: ["--nemesis", "loss"] },
  { name: "pause(storage,client)", argv: ["--nemesis", "pause", "--fault-opt", "pause.nodes=storage,client"] },
  { name: "delay", argv: ["--nemesis", "delay"] },
  { name: "clock-skew(client,storage)", argv: ["--nemesis", "clock-skew", "--fault-opt", "clock.nodes=client,storage"] },
  { name: "clock-jump(lock)", argv: ["--nemesis", "clock-jump", "--fault-opt", "clock.nodes=lock"] },
  { name: "partition-halves(lock)" },
  { name: "kill-after-grant", argv: ["--nemesis", "kill-after-grant"] },
  { name: "partition-leader-after-grant", argv: ["--nemesis", "partition-leader-after-grant"] },
  { name: "none", argv: ["--nemesis", "none"] },
  { name: "lose-unfsynced-lock", argv: ["--nemesis", "lose-unfsynced-lock"] },
  { name: "lose-unfsynced-storage", argv: ["--nemesis", "lose-unfsynced-storage"] },
  { name: "pause-holder", argv: ["--nemesis", "pause-holder"] },
];

const CI = { ci: true } as const;
const DOCKER_CI = { dockerCi: true } as const;

// Reasons shared by many services: fenced storage and a correct lock service.
const KILL_STORAGE = "the restarted storage node keeps its accepted writes and highest tokens on disk, so it still rejects a stale token";
const LOSS = "dropped packets only delay or fail ops, and an op that may have taken effect is recorded info, never ok";
const PAUSE_SC = "a paused client wakes with an old token or version that storage rejects, and a paused storage node answers late, not wrongly";
const DELAY = "a slow connection delays answers without reordering them, and an op past its deadline is recorded info";
const CLOCK_SC = "the lock service's leases do not read the clients' or storage's clocks, and storage compares tokens, not times";

/** Every cell, with its expected verdict and why. */
export const VALIDATION_TABLE: readonly ValidationRow[] = [
  { design: "reference", fault: "kill-storage", expect: "valid", why: KILL_STORAGE, ...CI, ...DOCKER_CI },
  { design: "reference", fault: "kill-lock", expect: "valid", why: "the reference lock journals every grant before answering, so after a restart its tokens keep growing" },
  { design: "reference", fault: "partition-holder", expect: "valid", why: "the cut-off holder's lease expires on the server, and its late write carries a token storage has already passed" },
  { design: "reference", fault: "loss", expect: "valid", why: LOSS },
  { design: "reference", fault: "pause(storage,client)", expect: "valid", why: PAUSE_SC, ...CI },
  { design: "reference", fault: "delay", expect: "valid", why: DELAY },
  { design: "reference", fault: "clock-skew(client,storage)", expect: "valid", why: CLOCK_SC },
  { design: "reference", fault: "clock-jump(lock)", expect: "valid", why: "leases are timed on the lock node's monotonic clock, which a wall-clock jump does not move", ...CI },

  { design: "etcd", fault: "kill-storage", expect: "valid", why: KILL_STORAGE },
  { design: "etcd", fault: "kill-lock", expect: "valid", why: "a killed etcd member rejoins from its log; the other two keep a majority and revisions only grow" },
  { design: "etcd", fault: "partition-holder", expect: "valid", why: "the cut-off holder cannot keep its lease alive, so it expires, and the next holder's key has a higher revision", ...CI, ...DOCKER_CI },
  { design: "etcd", fault: "loss", expect: "valid", why: LOSS },
  { design: "etcd", fault: "pause(storage,client)", expect: "valid", why: PAUSE_SC },
  { design: "etcd", fault: "delay", expect: "valid", why: DELAY, ...CI },
  { design: "etcd", fault: "clock-skew(client,storage)", expect: "valid", why: CLOCK_SC },

  { design: "zookeeper", fault: "kill-storage", expect: "valid", why: KILL_STORAGE },
  { design: "zookeeper", fault: "kill-lock", expect: "valid", why: "a killed ZooKeeper server rejoins the ensemble, which keeps a quorum, and zxids only grow", ...CI, ...DOCKER_CI },
  { design: "zookeeper", fault: "partition-holder", expect: "valid", why: "the cut-off holder's session times out and its ephemeral node goes, and the next holder's czxid is higher" },
  { design: "zookeeper", fault: "loss", expect: "valid", why: LOSS },
  { design: "zookeeper", fault: "pause(storage,client)", expect: "valid", why: PAUSE_SC },
  { design: "zookeeper", fault: "delay", expect: "valid", why: DELAY },
  { design: "zookeeper", fault: "clock-skew(client,storage)", expect: "valid", why: `${CLOCK_SC}; the JVM lock nodes are not under libfaketime`, ...CI },

  { design: "postgres", fault: "kill-storage", expect: "valid", why: "a retired holder's session ends when its agent dies, which frees the advisory lock at once: the next grant is not a double grant", ...CI },
  { design: "postgres", fault: "kill-lock", expect: "valid", why: "a killed PostgreSQL ends every session and its lock, and the token sequence never goes back" },
  { design: "postgres", fault: "partition-holder", expect: "valid", why: "the cut-off holder's idle session times out on the server, and its late write carries an old token" },
  { design: "postgres", fault: "loss", expect: "valid", why: LOSS },
  { design: "postgres", fault: "pause(storage,client)", expect: "valid", why: PAUSE_SC, ...DOCKER_CI },
  { design: "postgres", fault: "delay", expect: "valid", why: DELAY, ...CI },
  { design: "postgres", fault: "clock-skew(client,storage)", expect: "valid", why: `${CLOCK_SC}; PostgreSQL is not under libfaketime` },

  { design: "quorum", fault: "kill-storage", expect: "valid", why: KILL_STORAGE },
  { design: "quorum", fault: "kill-lock", expect: "valid", why: "a restarted acceptor keeps its promises on disk, and majority quorums always share a member that refuses a reused token", ...CI },
  { design: "quorum", fault: "partition-holder", expect: "valid", why: "the cut-off holder's lease expires on the replicas, and the next grant's token is ratified higher" },
  { design: "quorum", fault: "loss", expect: "valid", why: `${LOSS}; a grant needs a majority's votes`, ...CI, ...DOCKER_CI },
  { design: "quorum", fault: "pause(storage,client)", expect: "valid", why: PAUSE_SC },
  { design: "quorum", fault: "delay", expect: "valid", why: DELAY },
  { design: "quorum", fault: "clock-skew(client,storage)", expect: "valid", why: CLOCK_SC },

  { design: "redis-token", fault: "kill-storage", expect: "valid", why: KILL_STORAGE },
  { design: "redis-token", fault: "kill-lock", expect: "valid", why: "Redis appends every INCR to its log with appendfsync always, so the token counter survives a kill and keeps growing", ...CI },
  { design: "redis-token", fault: "partition-holder", expect: "valid", why: "the cut-off holder's key expires in Redis, and the next holder's INCR gives a higher token" },
  { design: "redis-token", fault: "loss", expect: "valid", why: LOSS },
  { design: "redis-token", fault: "pause(storage,client)", expect: "valid", why: PAUSE_SC },
  { design: "redis-token", fault: "delay", expect: "valid", why: DELAY, ...DOCKER_CI },
  { design: "redis-token", fault: "clock-skew(client,storage)", expect: "valid", why: `${CLOCK_SC}; redis-server is not under libfaketime` },

  { design: "redis", fault: "kill-storage", expect: "valid", why: "the restarted storage node keeps each key's version on disk, so a write naming an old version is still refused" },
  { design: "redis", fault: "kill-lock", expect: "valid", why: "cas storage refuses a write whose version the next holder replaced, whatever the lock service forgot" },
  { design: "redis", fault: "partition-holder", expect: "valid", why: "the cut-off holder's write names the version it read, which the next holder has since replaced" },
  { design: "redis", fault: "loss", expect: "valid", why: LOSS },
  { design: "redis", fault: "pause(storage,client)", expect: "valid", why: "a paused client wakes with a version storage has since replaced, and a paused storage node answers late, not wrongly" },
  { design: "redis", fault: "delay", expect: "valid", why: DELAY },
  { design: "redis", fault: "clock-skew(client,storage)", expect: "valid", why: "Redis times its keys on its own clock, which is not under libfaketime, and storage compares versions, not times", ...CI, ...DOCKER_CI },

  { design: "redlock", fault: "kill-storage", expect: "valid", why: "the restarted storage node keeps each key's version on disk, so a write naming an old version is still refused" },
  { design: "redlock", fault: "kill-lock", expect: "valid", why: "one killed master of three leaves a majority, and cas storage refuses a stale version anyway", ...DOCKER_CI },
  { design: "redlock", fault: "partition-holder", expect: "valid", why: "the cut-off holder's write names the version it read, which the next holder has since replaced", ...CI },
  { design: "redlock", fault: "loss", expect: "valid", why: LOSS },
  { design: "redlock", fault: "pause(storage,client)", expect: "valid", why: "a paused client wakes with a version storage has since replaced, and a paused storage node answers late, not wrongly", ...CI },
  { design: "redlock", fault: "delay", expect: "valid", why: DELAY },
  { design: "redlock", fault: "clock-skew(client,storage)", expect: "valid", why: "the Redis masters time keys on their own clocks, which are not under libfaketime, and storage compares versions, not times" },

  { design: "reference", fault: "kill-after-grant", expect: "valid", why: "the reference lock journals every grant before answering, so a crash a few ms after a grant loses nothing and its tokens keep growing" },
  { design: "etcd", fault: "kill-after-grant", expect: "valid", why: "etcd commits the lock key on a majority before answering, so killing a member right after a grant loses nothing" },
  { design: "zookeeper", fault: "kill-after-grant", expect: "valid", why: "ZooKeeper acknowledges the lock znode only once a quorum has logged it, so killing a server right after a grant loses nothing", ...CI },
  { design: "quorum", fault: "kill-after-grant", expect: "valid", why: "a grant is answered only once a majority of acceptors voted for it durably, so a crash right after it loses nothing" },
  { design: "etcd", fault: "partition-leader-after-grant", expect: "valid", why: "etcd acknowledges a grant only once a majority has it, so the next leader knows it and never grants the lock key again", ...CI },
  { design: "zookeeper", fault: "partition-leader-after-grant", expect: "valid", why: "ZooKeeper acknowledges a grant only once a quorum has logged it, so the next leader knows the znode" },
  { design: "quorum", fault: "partition-leader-after-grant", expect: "valid", why: "a grant needs a majority's votes, so a cut-off coordinator's grant is already known to the majority that grants next" },
  { design: "redis-token-everysec", fault: "kill-lock", expect: "valid", why: "a kill of redis-server keeps what it wrote to the append-only file before answering (the page cache outlives the process), so tokens keep growing" },
  { design: "redis-token-volatile", fault: "kill-lock", expect: "invalid", why: "without persistence a restarted Redis starts its token counters again at 1, so the lock service hands out a token twice" },
  { design: "reference-timer", fault: "kill-after-grant", expect: "invalid", why: "a crash a few ms after a grant loses it (the counter is saved every 300 ms), and the restarted node grants the same token again", ...CI },
  { design: "reference-timer", fault: "kill-lock", expect: "either", why: "a blind kill loses a grant only when one fell in the 300 ms before it: the rate printed beside kill-after-grant's shows what aiming at the grant adds" },
  { design: "reference-wallclock", fault: "clock-jump(lock)", expect: "invalid", why: "a wall clock that jumps forward expires a lease early: the service grants it again while the first holder's lease is certainly unexpired", ...CI },
  { design: "proper-lockfile", fault: "partition-holder", expect: "valid", why: "the lock directory is on the host's file system, which no partition cuts, and cas storage refuses a version the next holder replaced" },
  { design: "redis-semaphore", fault: "partition-holder", expect: "valid", why: "the cut-off holder cannot refresh, so its key expires in Redis, and its late write names a version the next holder replaced" },
  { design: "etcd-lock", fault: "partition-holder", expect: "valid", why: "the cut-off holder cannot keep its etcd lease alive, so the key goes with it, and its late write names a version the next holder replaced" },
  { design: "warlock", fault: "partition-holder", expect: "valid", why: "the cut-off holder's key expires in Redis, and its late write names a version the next holder replaced" },
  { design: "dynamodb-lock", fault: "partition-holder", expect: "valid", why: "the cut-off holder cannot heartbeat, so the next holder's conditional put raises the fencingToken, which fenced storage holds against the late write" },
  { design: "dynamodb-lock", fault: "kill-lock", expect: "valid", why: "dynalite hands each write to LevelDB's log before answering, which a kill of the process does not lose, so fencingTokens keep growing" },
  { design: "custom-lock", fault: "kill-lock", expect: "valid", why: "the example server fdatasyncs its token counter before each grant and, restarted, waits out the leases it granted before, so no token or live lease is granted twice" },
  { design: "custom-lock", fault: "pause-holder", expect: "valid", why: "the paused holder's lease expires on the server, and its late write carries a token fenced storage has already passed", ...CI },
  { design: "custom-lock", fault: "clock-jump(lock)", expect: "valid", why: "the example server times leases on the monotonic clock, which a jump of the lock node's wall clock does not move" },
  { design: "custom-lock", fault: "lose-unfsynced-lock", expect: "valid", why: "the example server fdatasyncs each grant's journal line before answering (and its directory when the journal is new), so a power loss takes back no grant it answered" },
  // Declared once, in the scenario it proves: its command line, verdict and reason come from there.
  { design: "quorum-2-of-4", fault: "partition-halves(lock)", scenario: { name: "quorum-intersection", variant: "non-intersecting quorums (2 of 4)" }, ...CI, ...DOCKER_CI },
  // Power loss (lose-unfsynced): what each service keeps of what it did not fsync.
  { design: "reference", fault: "lose-unfsynced-lock", scenario: { name: "token-durability", variant: "counter fsynced before each grant, power loss" }, ...CI },
  { design: "reference", fault: "lose-unfsynced-storage", expect: "valid", why: "the storage service fsyncs its journal before it answers a write, so a power loss keeps every accepted write and highest token", ...CI },
  { design: "etcd", fault: "lose-unfsynced-lock", expect: "valid", why: "etcd fsyncs its raft log before it commits, so a member that loses power has nothing unsynced to lose that the cluster acknowledged" },
  { design: "zookeeper", fault: "lose-unfsynced-lock", expect: "valid", why: "ZooKeeper fsyncs its transaction log before it acknowledges, and a quorum holds every acknowledged znode" },
  { design: "postgres", fault: "lose-unfsynced-lock", expect: "valid", why: "PostgreSQL with fsync=on and synchronous_commit=on flushes its WAL before a commit returns, so the token sequence survives a power loss" },
  { design: "redis-token", fault: "lose-unfsynced-lock", expect: "valid", why: "with appendfsync always Redis fsyncs each INCR to its append-only file before it answers, so no token is lost" },
  { design: "redis-token-everysec", fault: "lose-unfsynced-lock", expect: "either", why: "appendfsync everysec loses up to a second of INCRs at a power loss: a token is repeated only when a grant fell in that second" },
  { design: "reference-nosync", fault: "lose-unfsynced-lock", scenario: { name: "token-durability", variant: "counter written but not fsynced, power loss" }, ...CI, ...DOCKER_CI },
  { design: "redis-token-volatile", fault: "lose-unfsynced-lock", expect: "either", why: "a Redis without persistence loses every counter at a power loss as at a kill, so tokens start at 1 again; caught only when a grant falls before a loss and another after it (a 10 s cell at load 45 had its first grant after the first loss and none after the second: valid)" },
  { design: "quorum", fault: "lose-unfsynced-lock", expect: "valid", why: "each acceptor fsyncs its vote file before it answers (a temp file fsynced, then renamed), so a power loss keeps every vote and a majority still refuses a reused token" },
  { design: "redis", fault: "lose-unfsynced-lock", expect: "valid", why: "the Redis lock forgets its keys at a power loss (no persistence), but cas storage refuses a write whose version the next holder replaced" },
  { design: "redlock", fault: "lose-unfsynced-lock", expect: "valid", why: "one master of three loses its keys at a power loss, and cas storage refuses a stale version anyway" },
  { design: "dynamodb-lock", fault: "lose-unfsynced-lock", expect: "either", why: "dynalite's LevelDB log is written without fsync, so a power loss may take back the last fencingTokens: a token is repeated only when a grant fell in what was lost" },
  { design: "reference-timer", fault: "lose-unfsynced-lock", expect: "either", why: "its counter is saved every 300 ms, so a power loss repeats a token only when a grant fell in the 300 ms before it, as a blind kill does" },
  { design: "proper-lockfile", fault: "lose-unfsynced-lock", expect: "valid", why: "the lock directory lives on the harness host's own file system, which the fault does not touch, and cas storage refuses a version the next holder replaced" },
  { design: "etcd-lock", fault: "lose-unfsynced-lock", expect: "valid", why: "etcd fsyncs its raft log before it commits a lock key, and cas storage refuses a version the next holder replaced" },
  { design: "redis-semaphore", fault: "lose-unfsynced-lock", expect: "valid", why: "Redis forgets the semaphore's keys at a power loss (no persistence), but cas storage refuses a write whose version the next holder replaced" },
  { design: "warlock", fault: "lose-unfsynced-lock", expect: "valid", why: "Redis forgets warlock's key at a power loss (no persistence), but cas storage refuses a write whose version the next holder replaced" },
  { design: "quorum", fault: "lose-unfsynced-storage", expect: "valid", why: "the storage service fsyncs its journal before it answers a write, so a power loss keeps every accepted write and highest token", ...DOCKER_CI },
  { design: "early-lock", fault: "none", expect: "invalid", why: "the test service grants a resource again once 60% of the TTL has passed, while its holder may still hold it", ...CI, ...DOCKER_CI },
];
