/** The shared domain types and pure helpers: the only part of harness/ other folders import. */
export * from "./op.js";
export * from "./history.js";
export * from "./history-codec.js";
export * from "./token.js";
export * from "./errors.js";
export * from "./rng.js";
export * from "./clock.js";
export * from "./run-config.js";
export * from "./runtime.js";
export * from "./storage-record.js";
export * from "./checker.js";
export * from "./agent-protocol.js";
export * from "./lock-ops.js";
export * from "./generator.js";
export * from "./nemesis.js";
export * from "./generators.js";
export * from "./topology.js";
export * from "./client.js";
//# sourceMappingURL=index.js.map