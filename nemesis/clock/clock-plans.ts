/**
 * What each clock fault does to which nodes, drawn from a seeded rng: pure,
 * so a schedule is reproducible from its seed.
 */
import type { Rng } from "../../core/index.js";
import type { ClockValue, SkewRequest } from "./clock-nemesis.js";
import type { JumpShape } from "./clock-jump-options.js";

/** A non-empty subset of `nodes`, each node in with probability one half. */
export function someNodes(nodes: readonly string[], rng: Rng): string[] {
  const chosen = nodes.filter(() => rng.next() < 0.5);
  return chosen.length > 0 ? chosen : [rng.pick(nodes)];
}

/** A uniform number in [min, max] rounded to `digits` decimals. */
function uniform(rng: Rng, min: number, max: number, digits: number): number {
  return Number((min + rng.next() * (max - min)).toFixed(digits));
}

/** Every node gets its own offset in [-maxOffsetMs, maxOffsetMs] at real speed. */
export function skewPlan(nodes: readonly string[], rng: Rng, maxOffsetMs: number): ClockValue {
  return { skews: Object.fromEntries(nodes.map((n) => [n, { offsetMs: Math.round(uniform(rng, -maxOffsetMs, maxOffsetMs, 0)), rate: 1 }])) };
}

/**
 * Some nodes run at a rate drawn log-uniformly from [minRate, maxRate]
 * (as many slow as fast), keeping their current offset.
 */
export function ratePlan(nodes: readonly string[], rng: Rng, range: { minRate: number; maxRate: number }): ClockValue {
  const lo = Math.log(range.minRate);
  const hi = Math.log(range.maxRate);
  const skews: Record<string, SkewRequest> = {};
  for (const n of someNodes(nodes, rng)) skews[n] = { rate: Number(Math.exp(lo + rng.next() * (hi - lo)).toFixed(3)) };
  return { skews };
}

/**
 * `shape.count` of `nodes` (one, a majority, all) jump by `shape.jumpMs`,
 * all the same way: forward, back, or drawn at each jump. The default
 * shape (one node, either way) draws exactly as it always has: the node,
 * then the way.
 */
export function jumpPlan(nodes: readonly string[], rng: Rng, shape: JumpShape): ClockValue {
  const chosen = shape.count === "one" ? [rng.pick(nodes)] : shape.count === "all" ? [...nodes] : drawn(nodes, Math.floor(nodes.length / 2) + 1, rng);
  const forward = shape.direction === "either" ? rng.next() >= 0.5 : shape.direction === "forward";
  const offsetMs = forward ? shape.jumpMs : -shape.jumpMs;
  return { skews: Object.fromEntries(chosen.map((n) => [n, { offsetMs, rate: 1 }])) };
}

/** `k` of `nodes` drawn without repeats, in the order given. */
function drawn(nodes: readonly string[], k: number, rng: Rng): string[] {
  const pool = [...nodes];
  for (let i = 0; i < k; i++) {
    const j = rng.int(i, pool.length - 1);
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
  }
  const picked = new Set(pool.slice(0, k));
  return nodes.filter((n) => picked.has(n));
}

/** Some nodes flip between +deltaMs and -deltaMs every periodMs for durationMs. */
export function strobePlan(nodes: readonly string[], rng: Rng, strobe: { deltaMs: number; periodMs: number; durationMs: number }): ClockValue {
  const chosen = someNodes(nodes, rng);
  return { skews: Object.fromEntries(chosen.map((n) => [n, { offsetMs: 0, rate: 1 }])), strobe };
}

/**
 * The rate that makes a hold of `holdMs`, timed by the holder's own clock,
 * last `ttlFactor` TTLs of real time (libfaketime stretches the holder's
 * sleeps by 1 / rate), between 0.01 and 0.5.
 */
export function holderRate(holdMs: number, ttlMs: number, ttlFactor: number): number {
  const rate = Math.max(1, holdMs) / (ttlMs * ttlFactor);
  return Number(Math.min(0.5, Math.max(0.01, rate)).toFixed(4));
}
