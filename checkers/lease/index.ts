/** One lease model for every checker: the rules a run's config declares, and what a history proves of each lease. */
export * from "./lease-rules.js";
export * from "./lease.js";
export * from "./lease-history.js";
export * from "./lease-bounds.js";
export * from "./lease-columns.js";
export * from "./held-leases.js";
export * from "./lock-clock-moves.js";
