/**
 * The registry of built-in lock adapters: name, self-description, and a
 * loader (a dynamic import, so an agent loads only its own client library).
 */
import { ADAPTER_INFOS } from "./adapter-infos.js";
const LOADERS = {
    reference: async () => (await import("./reference-adapter.js")).referenceAdapter,
    etcd: async () => (await import("./etcd-adapter.js")).etcdAdapter,
    zookeeper: async () => (await import("./zookeeper-adapter.js")).zookeeperAdapter,
    redis: async () => (await import("./redis-adapter.js")).redisAdapter,
    "redis-token": async () => (await import("./redis-adapter.js")).redisTokenAdapter,
    redlock: async () => (await import("./redlock-adapter.js")).redlockAdapter,
    postgres: async () => (await import("./postgres-adapter.js")).postgresAdapter,
    quorum: async () => (await import("./quorum-adapter.js")).quorumAdapter,
};
/** Every built-in adapter, in the order `fencecheck list` prints them. */
export function builtInAdapters() {
    return Object.keys(LOADERS).map((name) => ({ name, info: ADAPTER_INFOS[name], load: LOADERS[name] }));
}
/** The built-in adapter called `name`, or undefined. */
export function findBuiltInAdapter(name) {
    return builtInAdapters().find((a) => a.name === name);
}
//# sourceMappingURL=built-in-adapters.js.map