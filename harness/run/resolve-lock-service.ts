/**
 * Settles what depends on the lock adapter before anything starts: loads
 * it (a malformed module fails here, with nothing running), takes the
 * number of lock nodes from its `service` unless the user gave one, and
 * refuses storage that needs a fencing token with a service that has none.
 */
import { HarnessError, type RunConfig } from "../../core/index.js";
import { findStorageKind, loadLockAdapter } from "../../workloads/index.js";

/** Returns `config` with `lock.nodes` from the adapter when `nodesGiven` is false; throws config/adapter errors. */
export async function resolveLockService(config: RunConfig, opts: { readonly nodesGiven: boolean }): Promise<RunConfig> {
  const loaded = await loadLockAdapter(config.lock.adapter);
  const external = (config.lock.endpoints?.length ?? 0) > 0;
  const service = loaded.adapter.service;
  if (!external && !service) {
    throw new HarnessError("adapter.invalid", `Cannot use lock adapter "${loaded.name}": it has no "service" to start, so give --endpoints host:port,... of a running one`);
  }
  const storage = findStorageKind(config.storage.kind);
  if (loaded.adapter.info?.token === null && storage.needsToken) {
    throw new HarnessError("config.invalid",
      `Cannot run lock service "${loaded.name}" with storage "${config.storage.kind}": it grants no fencing token, so storage would refuse every write (use a token variant such as redis-token, or --storage cas or unfenced)`);
  }
  if (opts.nodesGiven || !service) return config;
  return { ...config, lock: { ...config.lock, nodes: service.nodes } };
}
