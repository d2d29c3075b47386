/** The store: run folders on disk. */
export * from "./run-store.js";
export * from "./read-stored-run.js";
export { HistoryPastMemoryBound, readHistoryLines, type ReadHistoryOptions } from "./read-history-lines.js";
export * from "./store-check.js";
export { mergeStorageLogs, mergeUnmergedStorageLogs, nodeStorageLogs } from "./merge-storage-logs.js";
export { removeRunFile, runFolderName, writeError, writeWhole } from "./run-folder.js";
