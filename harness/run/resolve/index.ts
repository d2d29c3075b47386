/**
 * A run resolved once, before anything starts (Jepsen's test map): the lock
 * adapter loaded and the lock service settled by it (resolve-run.ts,
 * resolve-lock-service.ts), and what the runtime made for the run needs of
 * it: the images its nodes run in on docker (run-images.ts) and the programs
 * its lock nodes' hosts must have (lock-requirements.ts).
 */
export { isResolvedRun, resolveRun, type ResolvedRun, type ResolveRunOptions } from "./resolve-run.js";
export { lockServiceOf, resolveLockService, type LockServiceOptions } from "./resolve-lock-service.js";
export { runImages } from "./run-images.js";
export { launchRequirements, lockRequirements, lockServiceRequirements, PROBE_DATA_DIR } from "./lock-requirements.js";
