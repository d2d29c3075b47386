/**
 * Which lease a client held when it invoked an op: its latest grant of the
 * op's resource that it had not released (nor re-acquired) before. A
 * client's ops are sequential, so this is one lease or none.
 */
import type { LeaseFacts } from "./lease-history.js";

/** Looks up the lease `process` held on `resource` at `time` (an op's invoke). */
export type HeldLease<L extends LeaseFacts> = (process: number, resource: string, time: number) => L | undefined;

/** An index of `leases` for `HeldLease` look-ups. Pure. */
export function heldLeases<L extends LeaseFacts>(leases: readonly L[]): HeldLease<L> {
  const bySlot = new Map<string, L[]>();
  for (const lease of leases) {
    const slot = `${lease.process}\u0000${lease.resource}`;
    const list = bySlot.get(slot) ?? [];
    list.push(lease);
    bySlot.set(slot, list);
  }
  const sorted = [...bySlot.values()].every((list) => list.every((l, i) => i === 0 || (list[i - 1] as L).grantedAt <= l.grantedAt));
  return (process, resource, time) => {
    const list = bySlot.get(`${process}\u0000${resource}`) ?? [];
    // A client's grants are sequential, so each list is in grant order: the last one granted by `time` is found by bisection.
    for (let i = sorted ? lastGrantedBy(list, time) : list.length - 1; i >= 0; i--) {
      const lease = list[i] as L;
      if (lease.grantedAt > time) continue;
      return (lease.releaseInvokedAt ?? Infinity) > time ? lease : undefined;
    }
    return undefined;
  };
}

/** The last index of `list` (in grant order) granted at or before `time`, or the list's last index when every grant is. */
function lastGrantedBy(list: readonly LeaseFacts[], time: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as LeaseFacts).grantedAt <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
