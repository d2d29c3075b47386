/**
 * The story of a run: its root cause first. When the lock service broke
 * its promise (a repeated token, tokens going backwards, a double grant),
 * that is the story, whatever stale write followed it
 * (lock-service-story.ts). Otherwise the first stale write storage
 * accepted, found by token (stale-write-story.ts) or by real time
 * (real-time-story.ts), else the first one fencing rejected, else why
 * there is none.
 */
import { lockServiceStory } from "./lock-service-story.js";
import { realTimeStory } from "./real-time-story.js";
import { staleWriteStory } from "./stale-write-story.js";

export type { Story, StoryFact, StoryInput, StoryKind } from "./story-types.js";
import type { Story, StoryInput } from "./story-types.js";

/** The story of the run's root cause (see the file comment). Pure. */
export function buildStory(input: StoryInput): Story {
  const broken = lockServiceStory(input);
  if (broken !== undefined) return broken;
  const { fencing } = input;
  const timed = input.realTime?.violations[0];
  if (timed !== undefined && (fencing?.violations.length ?? 0) === 0) return realTimeStory(input.config, input.history, timed);
  if (fencing === undefined || !fencing.storageKnown) {
    const why = fencing === undefined ? "the fencing checker left no result" : "storage recorded no writes although writes were acknowledged";
    return { kind: "unknown", headline: "Whether a stale write reached storage is unknown", facts: [], conclusion: `Cannot tell: ${why}.` };
  }
  const stale = fencing.violations[0] ?? fencing.rejections[0];
  if (stale !== undefined) return staleWriteStory(input, stale);
  return {
    kind: "no-stale-write", headline: "No write under a stale lease", facts: [],
    conclusion: "No client wrote under an expired lease: storage never saw a token below one it had already accepted.",
  };
}
