/** The shape of a report's story and what it is told from (story.ts picks which story to tell). */
import type { History, RunConfig } from "../core/index.js";
import type { FencingResult, LeaseOverlapResult, LockServiceResult, RealTimeResult } from "../checkers/index.js";

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
  /** Its certain overlaps are double grants: told as the lock service's broken promise when the lock-service result is missing. */
  readonly leaseOverlap: LeaseOverlapResult | undefined;
  /** The real-time checker's result: its stale write is told when fencing found none accepted. */
  readonly realTime?: RealTimeResult | undefined;
  /** The lock-service checker's result: its token violations and double grants are the lock service's broken promise. */
  readonly lockService?: LockServiceResult | undefined;
}

