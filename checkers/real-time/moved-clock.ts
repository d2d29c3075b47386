/**
 * What the real-time checker says of a run whose nemesis moved a lock
 * node's clock: the leases that were live while one moved
 * (checkers/lease, `steadyClock` 0) lost the proofs that rest on their
 * TTL's length, and the line says how many and why. Pure.
 */
import type { LeaseTable, LockClockMoves } from "../lease/index.js";

/** The lock nodes whose clock the nemesis moved, and how many of the run's leases (`of`) were live while one moved. */
export interface MovedClock {
  readonly nodes: readonly string[];
  readonly leases: number;
  readonly of: number;
}

/** The run's moved lock clocks; undefined when the nemesis moved none. */
export function movedClock(moves: LockClockMoves, leases: LeaseTable): MovedClock | undefined {
  if (moves.nodes.length === 0) return undefined;
  let moved = 0;
  for (let i = 0; i < leases.length; i++) moved += leases.steadyClock[i] === 1 ? 0 : 1;
  return { nodes: moves.nodes, leases: moved, of: leases.length };
}

/** One sentence on the leases judged without their TTL; "" when there are none. */
export function movedClockLine(m: MovedClock | undefined): string {
  if (m === undefined || m.leases === 0) return "";
  const nodes = `${m.nodes.length === 1 ? "lock node" : "lock nodes"} ${m.nodes.join(", ")}`;
  return `${m.leases} of ${m.of} leases were live while the nemesis moved the clock of ${nodes}, so their length in real time is not known: writes under them were judged only by what needs no lock clock (storage's order, grants asked for after theirs returned, no other client's write before them)`;
}
