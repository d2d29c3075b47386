/** The checkers: pure functions over a run's history and storage records. */
export * from "./compose.js";
export * from "./verdict.js";
export * from "./lock-checkers.js";
export * from "./fencing/fencing-checker.js";
export * from "./real-time/holdings.js";
export * from "./real-time/real-time-checker.js";
export * from "./lease-overlap/lease-overlap-checker.js";
export * from "./final-state/final-state-checker.js";
export * from "./stats/stats-checker.js";
export * from "./lock-service/index.js";
export * from "./lease/index.js";
export * from "./fenced-register/linearizable-checker.js";
export * from "./testing/index.js";
export * from "./linearizability/index.js";
export * from "./mutex/mutex-checker.js";
export * from "./hazards/count-hazards.js";
