/**
 * The story of a run's first stale write, told like the seed's "full
 * picture": who held which token, the pause, the expiry, the second grant,
 * the stale write and what storage did with it.
 */
import type { History, RunConfig } from "../harness/core/index.js";
import type { FencingResult, LeaseOverlapResult } from "../checkers/index.js";
/** One fact of the story; `time` (harness ns) when it happened at a known time. */
export interface StoryFact {
    readonly time: number | undefined;
    readonly text: string;
}
/** What the story is about. */
export type StoryKind = "divergence" | "prevented" | "lock-service" | "no-stale-write" | "unknown";
/** The story: a headline, facts in order, and the conclusion. */
export interface Story {
    readonly kind: StoryKind;
    readonly headline: string;
    readonly facts: readonly StoryFact[];
    readonly conclusion: string;
}
/** What the story is told from. */
export interface StoryInput {
    readonly config: RunConfig;
    readonly history: History;
    readonly fencing: FencingResult | undefined;
    readonly leaseOverlap: LeaseOverlapResult | undefined;
}
/** The story of the first accepted stale write, else the first rejected one, else why there is none. Pure. */
export declare function buildStory(input: StoryInput): Story;
