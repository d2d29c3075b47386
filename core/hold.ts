/**
 * How long a client holds a lease before it writes (lock-write) or
 * releases (lock-mutex): one value, a range, or the default mix of short
 * holds and some near the TTL. A lock service that grants while the last
 * lease is still live shows as soon as a near-TTL hold meets a waiting
 * client, not only at the end of a run. Holds are drawn by the generator
 * from the seed, per thread and cycle, and travel in the op's value.
 */
import { createRng } from "./rng.js";

/** Holds uniform in [minMs, maxMs], drawn with probability `weight` (weights sum to 1). */
export interface HoldBand {
  readonly minMs: number;
  readonly maxMs: number;
  readonly weight: number;
}

/** The distribution of holds: bands to draw from. */
export type HoldSpec = readonly HoldBand[];

/** `--hold-ms` as given: "100" (always 100 ms) or "50..1500" (uniform). Undefined when it is neither. */
export function parseHold(text: string): HoldSpec | undefined {
  const m = /^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$/.exec(text);
  if (!m) return undefined;
  const minMs = Number(m[1]);
  const maxMs = m[2] === undefined ? minMs : Number(m[2]);
  return maxMs < minMs ? undefined : [{ minMs, maxMs, weight: 1 }];
}

/** The default: 70% short holds (50..150 ms), 30% holds of 65% to 85% of the TTL. */
export function defaultHold(ttlMs: number): HoldSpec {
  return [
    { minMs: 50, maxMs: 150, weight: 0.7 },
    { minMs: Math.round(ttlMs * 0.65), maxMs: Math.round(ttlMs * 0.85), weight: 0.3 },
  ];
}

/** The shortest hold the spec can draw (what faults timed inside a hold aim at). */
export function shortestHold(spec: HoldSpec): number {
  return Math.min(...spec.map((b) => b.minMs));
}

/** The longest hold the spec can draw (how long a next holder may hold before it writes). */
export function longestHold(spec: HoldSpec): number {
  return Math.max(...spec.map((b) => b.maxMs));
}

/** "100", "50..1500", or "50..150 (70%), 1300..1700 (30%)". */
export function describeHold(spec: HoldSpec): string {
  const band = (b: HoldBand): string => (b.minMs === b.maxMs ? `${b.minMs}` : `${b.minMs}..${b.maxMs}`);
  return spec.length === 1 ? band(spec[0] as HoldBand) : spec.map((b) => `${band(b)} (${Math.round(b.weight * 100)}%)`).join(", ");
}

/** The hold of `thread`'s `cycle`: the same for one seed, whatever else happens in the run. */
export function drawHold(spec: HoldSpec, seed: number, thread: number, cycle: number): number {
  const rng = createRng(seed ^ Math.imul(thread + 7, 0x27d4eb2d) ^ Math.imul(cycle + 3, 0x165667b1));
  let u = rng.next();
  for (const band of spec) {
    if (u < band.weight || band === spec[spec.length - 1]) return rng.int(band.minMs, band.maxMs);
    u -= band.weight;
  }
  return 0;
}

/** A workload's holds: its `hold`, or always `holdMs` (configurations written without one). */
export function holdSpecOf(workload: { readonly hold?: HoldSpec; readonly holdMs: number }): HoldSpec {
  return workload.hold ?? [{ minMs: workload.holdMs, maxMs: workload.holdMs, weight: 1 }];
}
