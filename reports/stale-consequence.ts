/**
 * The stale write that followed a broken promise, from whichever checker
 * found it (fencing by token, real-time by the clock or storage's order),
 * as one fact dated when storage took it in.
 */
import type { FencingResult, RealTimeResult, StaleWrite, TimedStaleWrite } from "../checkers/index.js";
import { seconds } from "./format.js";
import type { StoryFact } from "./story-types.js";

/** A stale write storage decided on, and the write it came after. */
export interface StaleConsequence {
  readonly resource: string;
  /** The writer's client id (its process id as a string). */
  readonly client: string;
  readonly token: string | undefined;
  readonly earlierToken: string | undefined;
  readonly accepted: boolean;
  readonly fact: StoryFact;
}

/**
 * The stale write to tell after a broken promise on `resource` whose later
 * grant was asked for at `from` (harness ns): one on that resource decided
 * from then on, else any accepted one (told as what else happened).
 * Accepted ones found by fencing come first, then those found by real
 * time, then those fencing saw rejected. Undefined when there is none. Pure.
 */
export function staleConsequence(fencing: FencingResult | undefined, realTime: RealTimeResult | undefined, resource: string, from: number): StaleConsequence | undefined {
  const fromFencingOf = (xs: readonly StaleWrite[] | undefined) => xs?.find((x) => x.key === resource && x.time >= from);
  const timed = realTime?.violations.find((x) => x.key === resource && (x.acceptedAt ?? x.invokedAt) >= from);
  const related = fromFencingOf(fencing?.violations) ?? timed ?? fromFencingOf(fencing?.rejections);
  const any = related ?? fencing?.violations[0] ?? realTime?.violations[0];
  if (any === undefined) return undefined;
  return "staleToken" in any ? fromFencing(any) : fromRealTime(any);
}

function fromFencing(s: StaleWrite): StaleConsequence {
  const decided = s.accepted ? "accepted" : "rejected";
  const text = `Storage ${decided} client ${s.client}'s write ${s.value} with token ${s.staleToken} at ${seconds(s.time)}, `
    + `${s.accepted ? "after" : "since"} it had accepted client ${s.earlier.client}'s write ${s.earlier.value} with token ${s.highestToken} at ${seconds(s.earlier.time)}`;
  return { resource: s.key, client: s.client, token: s.staleToken, earlierToken: s.highestToken, accepted: s.accepted, fact: { time: s.time, text } };
}

function fromRealTime(s: TimedStaleWrite): StaleConsequence {
  const token = s.grant.token;
  const earlierToken = s.next.grant.token;
  const carried = token === undefined ? "with no token" : `with token ${token}`;
  const other = earlierToken === undefined ? "" : earlierToken === token ? ` with the same token ${earlierToken}` : ` with token ${earlierToken}`;
  const nextAt = s.next.storedAt ?? s.next.acknowledgedAt;
  const at = s.acceptedAt === undefined ? "" : ` at ${seconds(s.acceptedAt)}`;
  const text = `Storage accepted client ${s.client}'s write ${s.value} ${carried}${at}, after client ${s.next.client}'s write ${s.next.value}${other}`
    + `${nextAt === undefined ? "" : ` (${s.next.storedAt === undefined ? "acknowledged" : "accepted"} at ${seconds(nextAt)})`}, made under a later grant`;
  return { resource: s.key, client: String(s.client), token, earlierToken, accepted: true, fact: { time: s.acceptedAt, text } };
}
