/**
 * Reasons many built-in services give for the same validation cell (their
 * records in built-in/): a correct lock service in front of fenced storage,
 * under a fault that reaches neither the lock's leases nor its tokens. Each
 * is one sentence, as a cell's reason must be.
 */
export const COMMON_REASONS = {
  killStorage: "the restarted storage node keeps its accepted writes and highest tokens on disk, so it still rejects a stale token",
  loss: "dropped packets only delay or fail ops, and an op that may have taken effect is recorded info, never ok",
  pauseStorageOrClient: "a paused client wakes with an old token or version that storage rejects, and a paused storage node answers late, not wrongly",
  delay: "a slow connection delays answers without reordering them, and an op past its deadline is recorded info",
  clockSkewClientOrStorage: "the lock service's leases do not read the clients' or storage's clocks, and storage compares tokens, not times",
  lockClockMonotonic: "the service times leases on its monotonic clock, which clock faults on its node's wall clock leave alone without clock.monotonic=true",
  redisClockEither: "Redis expires keys by its wall clock: a forward move grants a held lock again while its lease is live, a backward one or a slow clock only lengthens leases, and the seed picks which",
} as const;
