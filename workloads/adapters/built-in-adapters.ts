/**
 * The registry of built-in lock adapters, derived from their records
 * (built-in-services.ts): name, self-description, and a loader that gives
 * the adapter the record's `info` and `service.clock`.
 */
import { BUILT_IN_SERVICES, builtInService, type BuiltInAdapterName, type BuiltInService } from "./built-in-services.js";
import type { LockAdapter, LockAdapterInfo } from "./lock-adapter.js";

/** One built-in adapter. */
export interface BuiltInAdapter {
  readonly name: BuiltInAdapterName;
  readonly info: LockAdapterInfo;
  load(): Promise<LockAdapter>;
}

/**
 * Every built-in adapter, in the order `fencecheck list` prints them. A
 * loaded adapter always carries its record's self-description (`info`),
 * which the run reads (a token-less client, leases of a fixed TTL for the
 * real-time checker), and its record's clock declaration (`service.clock`).
 */
export function builtInAdapters(): readonly BuiltInAdapter[] {
  return (Object.keys(BUILT_IN_SERVICES) as BuiltInAdapterName[]).map((name) => builtInAdapter(name, BUILT_IN_SERVICES[name]));
}

/** The built-in adapter called `name`, or undefined. */
export function findBuiltInAdapter(name: string): BuiltInAdapter | undefined {
  const record = builtInService(name);
  return record === undefined ? undefined : builtInAdapter(name as BuiltInAdapterName, record);
}

function builtInAdapter(name: BuiltInAdapterName, record: BuiltInService): BuiltInAdapter {
  const load = async (): Promise<LockAdapter> => {
    const adapter = await record.load();
    const service = adapter.service && record.clock ? { ...adapter.service, clock: record.clock } : adapter.service;
    return { ...adapter, info: record.info, ...(service ? { service } : {}) };
  };
  return { name, info: record.info, load };
}
