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
} as const;
