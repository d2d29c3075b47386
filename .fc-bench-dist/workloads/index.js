/** The public surface of workloads/: programs, adapters, clients and the lock-write generator. */
export { entrypointPath } from "./entrypoints.js";
export { loadLockAdapter, } from "./adapters/load-lock-adapter.js";
export { LockError, classifyError } from "./adapters/lock-error.js";
export { createReferenceAdapter, referenceAdapter } from "./adapters/reference-adapter.js";
export { createStorageClient, } from "./adapters/storage-client.js";
export { createAgentSession } from "./agent/agent-session.js";
export { parseAgentConfig } from "./agent/agent-config.js";
export { lockWriteGenerator } from "./lock-write/lock-write-generator.js";
export { builtInAdapters, findBuiltInAdapter } from "./adapters/built-in-adapters.js";
export { createQuorumAdapter, quorumAdapter } from "./adapters/quorum-adapter.js";
export { quorumLaunch } from "./adapters/quorum-launch.js";
export { postgresLaunch } from "./adapters/postgres-server.js";
export { startRelay } from "./services/relay/relay.js";
export { storageKinds } from "./services/storage-kinds.js";
//# sourceMappingURL=index.js.map