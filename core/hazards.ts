/**
 * Hazards: moments of a run where a lock service's or a storage's
 * protection was actually needed. A valid run proves something only if
 * the dangers its faults were meant to bring about happened; the checkers
 * count them from the history (checkers/hazards), each fault package
 * declares which it aims at, and a valid run none of whose aimed hazards
 * happened is vacuous.
 */

/** Every hazard, with the one line a report and `fencecheck list` give it. */
export const HAZARDS = {
  "paused-past-lease": "another client was granted a resource while its holder, paused or cut off by a fault, had not released it",
  "holder-outlived": "another client was granted a resource while its holder, under no fault, had not released it (a hold longer than the lease)",
  "write-after-lease": "a write was sent after its writer's lease had ended on the lock service",
  "stale-write-rejected": "storage rejected a write under a stale token",
  "stale-write-accepted": "storage accepted a write whose token was below one it had already accepted",
  "grant-before-crash": "a lock node was killed or lost power while a lease it granted was live",
  "clock-moved-under-lease": "a lock node's clock was moved while a lease was live",
  "lost-acquire-reply": "an acquire's reply was lost: it may have been granted",
  "leader-change-under-lease": "the lock service's leader changed while a lease was live (two leaders the nemesis saw in turn differed)",
} as const;

/** A hazard's name. */
export type HazardName = keyof typeof HAZARDS;

/** How often each hazard happened in a run (hazards that never happened are absent). */
export type HazardCounts = Partial<Record<HazardName, number>>;

/**
 * What a checked run says of its hazards, in results.json and to the
 * report: the counts, whether it is vacuous, and what its faults aim at.
 * Absent when they were not counted (a history past the memory bound, a
 * results.json older than hazards).
 */
export interface HazardFindings {
  readonly hazards?: HazardCounts;
  readonly vacuous?: boolean;
  readonly aims?: readonly HazardName[];
}

/** "stale-write-rejected x4, paused-past-lease x2", most frequent first; "none" when empty. Pure. */
export function hazardsLine(counts: HazardCounts): string {
  const entries = Object.entries(counts).filter(([, n]) => (n ?? 0) > 0).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0) || a[0].localeCompare(b[0]));
  return entries.length === 0 ? "none" : entries.map(([name, n]) => `${name} x${n}`).join(", ");
}

/**
 * Whether a run is vacuous: valid, and its faults never brought about
 * what they were meant to: none of the hazards they aim at happened (no
 * hazard at all, for faults that aim at none in particular). A run
 * without faults is vacuous whenever it is valid: nothing was put to the
 * test. Pure.
 */
export function isVacuous(valid: boolean | "unknown", counts: HazardCounts, aims: readonly HazardName[], faulted = true): boolean {
  if (valid !== true) return false;
  if (!faulted) return true;
  const wanted = aims.length > 0 ? aims : (Object.keys(HAZARDS) as HazardName[]);
  return !wanted.some((name) => (counts[name] ?? 0) > 0);
}

/** Why a valid run is vacuous, in one line: what its faults aimed at never happened, or it had no faults. Pure. */
export function vacuousReason(aims: readonly HazardName[], counts: HazardCounts): string {
  if (aims.length > 0) return `none of the hazards its faults aim at (${aims.join(", ")}) happened: the protection they test was never needed`;
  if (hazardsLine(counts) === "none") return "no hazard happened: the lock service's and storage's protection was never needed";
  return "the run had no faults: nothing was put to the test";
}
