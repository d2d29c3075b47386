/** The shape of a report's story (story.ts tells it; real-time-story.ts tells the real-time one). */
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
