/** The checkers: pure functions over a run's history and storage records. */
export * from "./compose.js";
export * from "./lock-checkers.js";
export * from "./fencing/fencing-checker.js";
export * from "./fencing/lock-service-order.js";
export * from "./real-time/holdings.js";
export * from "./real-time/real-time-checker.js";
export * from "./lease-overlap/belief-intervals.js";
export * from "./lease-overlap/lease-overlap-checker.js";
export * from "./final-state/final-state-checker.js";
export * from "./stats/stats-checker.js";
export * from "./lock-service/lock-service-checker.js";
export * from "./lock-service/double-grants.js";
export * from "./lock-service/availability.js";
export * from "./linearizable/linearizable-checker.js";
export * from "./testing/history-builder.js";
export * from "./testing/seed-scenario.js";
export * from "./linearizability/index.js";
