/**
 * What each clock fault does to which nodes, drawn from a seeded rng: pure,
 * so a schedule is reproducible from its seed.
 */
import type { Rng } from "../../harness/core/index.js";
import type { ClockValue } from "./clock-nemesis.js";
/** A non-empty subset of `nodes`, each node in with probability one half. */
export declare function someNodes(nodes: readonly string[], rng: Rng): string[];
/** Every node gets its own offset in [-maxOffsetMs, maxOffsetMs] at real speed. */
export declare function skewPlan(nodes: readonly string[], rng: Rng, maxOffsetMs: number): ClockValue;
/**
 * Some nodes run at a rate drawn log-uniformly from [minRate, maxRate]
 * (as many slow as fast), keeping their current offset.
 */
export declare function ratePlan(nodes: readonly string[], rng: Rng, range: {
    minRate: number;
    maxRate: number;
}): ClockValue;
/** One node's clock jumps by `jumpMs`, forward or back. */
export declare function jumpPlan(nodes: readonly string[], rng: Rng, jumpMs: number): ClockValue;
/** Some nodes flip between +deltaMs and -deltaMs every periodMs for durationMs. */
export declare function strobePlan(nodes: readonly string[], rng: Rng, strobe: {
    deltaMs: number;
    periodMs: number;
    durationMs: number;
}): ClockValue;
/**
 * The rate that makes a hold of `holdMs`, timed by the holder's own clock,
 * last `ttlFactor` TTLs of real time (libfaketime stretches the holder's
 * sleeps by 1 / rate), between 0.01 and 0.5.
 */
export declare function holderRate(holdMs: number, ttlMs: number, ttlFactor: number): number;
