/** Checking history files: reading and detecting formats, manifests, worker-thread partitions. */
export * from "./check-file.js";
export * from "./manifest.js";
export * from "./parallel-check.js";
export * from "./read-history.js";
export * from "./explain.js";
