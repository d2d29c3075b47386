/** The public surface of workloads/: programs, adapters, clients and the lock-write generator. */
export { entrypointPath, type EntrypointName } from "./entrypoints.js";
export type {
  AcquireOptions,
  ConnectOptions,
  Lease,
  LockAdapter,
  LockClient,
  LockService,
  LaunchFile,
  LockServiceLaunch,
  LockServiceNode,
  RawToken,
  ReleaseOptions,
} from "./adapters/lock-adapter.js";
export {
  loadLockAdapter,
  type CheckedLease,
  type CheckedLockClient,
  type LoadedLockAdapter,
} from "./adapters/load-lock-adapter.js";
export { preflightSilence, PREFLIGHT_RESOURCE, PREFLIGHT_RETRY_MS } from "./adapters/lock-probe.js";
export { LockError, classifyError, type LockErrorCode } from "./adapters/lock-error.js";
export { createReferenceAdapter, referenceAdapter, type ReferenceAdapterOptions } from "./adapters/reference-adapter.js";
export {
  createStorageClient,
  type StorageClient,
  type StorageClientOptions,
  type StorageReadResult,
  type StorageWriteRequest,
  type StorageWriteResult,
} from "./adapters/storage-client.js";
export { createAgentSession, type AgentSession, type AgentSessionDeps } from "./agent/agent-session.js";
export { parseAgentConfig } from "./agent/agent-config.js";
export { holdingClient, lockWriteGenerator, type LockWriteGeneratorOptions } from "./lock-write/lock-write-generator.js";
export { builtInAdapters, findBuiltInAdapter, type BuiltInAdapter } from "./adapters/built-in-adapters.js";
export type { LockAdapterInfo } from "./adapters/lock-adapter.js";
export type { LockServiceSettings } from "./adapters/lock-adapter.js";
export type { LockServiceClock } from "./adapters/lock-adapter.js";
export {
  builtInClock, builtInService, lockServiceImage, BUILT_IN_SERVICES,
  type BuiltInService, type ServiceImage, type ValidationCell, type ValidationExpectation,
} from "./adapters/built-in-services.js";
export { createQuorumAdapter, quorumAdapter, type QuorumAdapterOptions } from "./adapters/quorum-adapter.js";
export { quorumLaunch } from "./adapters/quorum-launch.js";
export { postgresBinDir, postgresLaunch, type PostgresNode } from "./adapters/postgres-server.js";
export { startRelay, type RelayAddress } from "./services/relay/relay.js";
export { findStorageKind, storageKinds, type StorageKindInfo } from "./services/storage-kinds.js";
export type { Workload } from "./workload.js";
export { DEFAULT_WORKLOAD, findWorkload, workloads } from "./registry.js";
export { lockMutexGenerator, type LockMutexGeneratorOptions } from "./lock-mutex/lock-mutex-generator.js";
