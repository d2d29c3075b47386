/**
 * The registry of built-in lock adapters: name, self-description, and a
 * loader (a dynamic import, so an agent loads only its own client library).
 */
import { ADAPTER_INFOS, type BuiltInAdapterName } from "./adapter-infos.js";
import type { LockAdapter, LockAdapterInfo } from "./lock-adapter.js";

/** One built-in adapter. */
export interface BuiltInAdapter {
  readonly name: BuiltInAdapterName;
  readonly info: LockAdapterInfo;
  load(): Promise<LockAdapter>;
}

const LOADERS: Readonly<Record<BuiltInAdapterName, () => Promise<LockAdapter>>> = {
  reference: async () => (await import("./reference-adapter.js")).referenceAdapter,
  "reference-wallclock": async () => (await import("./reference-adapter.js")).referenceWallclockAdapter,
  "reference-timer": async () => (await import("./reference-adapter.js")).referenceTimerAdapter,
  "reference-nosync": async () => (await import("./reference-adapter.js")).referenceNosyncAdapter,
  etcd: async () => (await import("./etcd-adapter.js")).etcdAdapter,
  zookeeper: async () => (await import("./zookeeper-adapter.js")).zookeeperAdapter,
  redis: async () => (await import("./redis-adapter.js")).redisAdapter,
  "redis-token": async () => (await import("./redis-adapter.js")).redisTokenAdapter,
  "redis-token-everysec": async () => (await import("./redis-adapter.js")).redisTokenEverysecAdapter,
  "redis-token-volatile": async () => (await import("./redis-adapter.js")).redisTokenVolatileAdapter,
  redlock: async () => (await import("./redlock-adapter.js")).redlockAdapter,
  postgres: async () => (await import("./postgres-adapter.js")).postgresAdapter,
  quorum: async () => (await import("./quorum-adapter.js")).quorumAdapter,
  "proper-lockfile": async () => (await import("./proper-lockfile-adapter.js")).properLockfileAdapter,
  "redis-semaphore": async () => (await import("./redis-semaphore-adapter.js")).redisSemaphoreAdapter,
  "etcd-lock": async () => (await import("./etcd-lock-adapter.js")).etcdLockAdapter,
  warlock: async () => (await import("./warlock-adapter.js")).warlockAdapter,
  "dynamodb-lock": async () => (await import("./dynamodb-lock-adapter.js")).dynamodbLockAdapter,
};

/**
 * Every built-in adapter, in the order `fencecheck list` prints them. A
 * loaded adapter always carries its self-description (`info`), which the run
 * reads (a token-less client, leases of a fixed TTL for the real-time checker).
 */
export function builtInAdapters(): readonly BuiltInAdapter[] {
  return (Object.keys(LOADERS) as BuiltInAdapterName[]).map((name) => {
    const info = ADAPTER_INFOS[name];
    const load = async (): Promise<LockAdapter> => {
      const adapter = await LOADERS[name]();
      return adapter.info ? adapter : { ...adapter, info };
    };
    return { name, info, load };
  });
}

/** The built-in adapter called `name`, or undefined. */
export function findBuiltInAdapter(name: string): BuiltInAdapter | undefined {
  return builtInAdapters().find((a) => a.name === name);
}
