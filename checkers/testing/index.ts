/** Builders of hand-written lock histories and the seed's scenario, for tests of checkers and reports. */
export * from "./history-builder.js";
export * from "./seed-scenario.js";
