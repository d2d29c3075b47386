/**
 * Which lease a client held when it invoked an op: its latest grant of the
 * op's resource that it had not released (nor re-acquired) before. A
 * client's ops are sequential, so this is one lease or none.
 */
import type { LeaseFactTable } from "./lease-columns.js";

/** Looks up the lease `process` held on `resource` at `time` (an op's invoke): its index in the table, or -1. */
export type HeldLease = (process: number, resource: string, time: number) => number;

/** An index of `table`'s leases for `HeldLease` look-ups. Pure. */
export function heldLeases(table: LeaseFactTable): HeldLease {
  const bySlot = new Map<string, number[]>();
  for (let i = 0; i < table.length; i++) {
    const slot = `${table.process[i] as number}\u0000${table.resource[i] as number}`;
    const list = bySlot.get(slot);
    if (list === undefined) bySlot.set(slot, [i]);
    else list.push(i);
  }
  const granted = table.grantedAt;
  const sorted = [...bySlot.values()].every((list) => list.every((l, k) => k === 0 || (granted[list[k - 1] as number] as number) <= (granted[l] as number)));
  return (process, resource, time) => {
    const r = table.resourceIds.get(resource);
    const list = r === undefined ? undefined : bySlot.get(`${process}\u0000${r}`);
    if (list === undefined) return -1;
    // A client's grants are sequential, so each list is in grant order: the last one granted by `time` is found by bisection.
    for (let k = sorted ? lastGrantedBy(granted, list, time) : list.length - 1; k >= 0; k--) {
      const i = list[k] as number;
      if ((granted[i] as number) > time) continue;
      const release = table.releaseInvokedAt[i] as number;
      return Number.isNaN(release) || release > time ? i : -1;
    }
    return -1;
  };
}

/** The last position of `list` (in grant order) granted at or before `time`, or the list's last position when every grant is. */
function lastGrantedBy(granted: Float64Array, list: readonly number[], time: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((granted[list[mid] as number] as number) <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
