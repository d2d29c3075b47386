/**
 * Settles what depends on the lock adapter before anything starts: takes
 * the number of lock nodes from its `service` (or its existing service)
 * unless the user gave one, and refuses storage that needs a fencing token
 * with a service that has none. A run does this once, in `resolveRun`, with
 * the adapter it loaded there.
 */
import { HarnessError, type RunConfig } from "../../../core/index.js";
import { findStorageKind, loadLockAdapter, type LoadedLockAdapter } from "../../../workloads/index.js";

/** Whether the user gave the number of lock nodes (else the adapter's own is taken). */
export interface LockServiceOptions {
  readonly nodesGiven: boolean;
}

/**
 * Loads the adapter `config` names and returns `config` with its lock
 * service settled (`lockServiceOf`); throws config/adapter errors. For a
 * caller that wants only this: a run resolves everything at once, the
 * adapter loaded once (`resolveRun`).
 */
export async function resolveLockService(config: RunConfig, opts: LockServiceOptions): Promise<RunConfig> {
  return lockServiceOf(config, await loadLockAdapter(config.lock.adapter), opts);
}

/**
 * Returns `config` with `lock.existing` from the adapter when the config
 * has none, and `lock.nodes` from the adapter when `nodesGiven` is false;
 * throws "adapter.invalid" for an adapter with nothing to start or reach and
 * "config.invalid" for a service the run cannot use. Loads nothing.
 */
export function lockServiceOf(config: RunConfig, loaded: LoadedLockAdapter, opts: LockServiceOptions): RunConfig {
  const external = (config.lock.endpoints?.length ?? 0) > 0;
  const existing = config.lock.existing ?? loaded.adapter.existing;
  const service = loaded.adapter.service;
  if (!external && !service && !existing) {
    throw new HarnessError("adapter.invalid", `Cannot use lock adapter "${loaded.name}": it has no "service" to start, so give --endpoints host:port,... of a running one, or --existing with how to steer it on your hosts`);
  }
  if (existing && external) throw new HarnessError("config.invalid", "Cannot use both --endpoints and an existing service: --endpoints reaches a service no fault reaches, --existing one on your hosts (give one)");
  if (existing && config.runtime !== "ssh") {
    throw new HarnessError("config.invalid", `Cannot use an existing lock service with runtime "${config.runtime}": only --runtime ssh reaches the hosts it runs on (add --runtime ssh --nodes ...)`);
  }
  const storage = findStorageKind(config.storage.kind);
  if (loaded.adapter.info?.token === null && storage.needsToken) {
    throw new HarnessError("config.invalid",
      `Cannot run lock service "${loaded.name}" with storage "${config.storage.kind}": it grants no fencing token, so storage would refuse every write (use a token variant such as redis-token, or --storage cas or unfenced)`);
  }
  const withExisting = existing ? { ...config, lock: { ...config.lock, existing } } : config;
  const nodes = existing?.nodes ?? service?.nodes;
  if (opts.nodesGiven || nodes === undefined) return withExisting;
  return { ...withExisting, lock: { ...withExisting.lock, nodes } };
}
