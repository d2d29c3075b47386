/**
 * The story of a stale write fencing found by token, told like the seed's
 * "full picture": who held which token, the pause, when the lease's TTL ran
 * out, the next grant and its write, the stale write and what storage did
 * with it. Grants are dated at their ok, writes when storage recorded them
 * (a write's op begins before its hold), and the facts are told in that
 * order. Told only when the lock service kept its promise (else
 * lock-service-story.ts tells the run).
 */
import { declaredLease, ttlSpan, type RunConfig } from "../core/index.js";
import type { StaleWrite } from "../checkers/index.js";
import { clientName, millis, seconds } from "./format.js";
import { findGrant, findPause } from "./story-evidence.js";
import { inTimeOrder } from "./story-order.js";
import type { Story, StoryFact, StoryInput } from "./story-types.js";

/** Tells `s`, a stale write storage accepted (divergence) or rejected (prevented). Pure. */
export function staleWriteStory(input: StoryInput, s: StaleWrite): Story {
  const { history, config } = input;
  const ttlMs = config.workload.ttlMs;
  const facts: StoryFact[] = [];
  const staleGrant = findGrant(history, s.client, s.key, s.staleToken);
  const node = staleGrant?.node;
  facts.push(staleGrant
    ? { time: staleGrant.grantedAt, text: `${clientName(s.client, node)} acquired ${s.key} with token ${s.staleToken} at ${seconds(staleGrant.grantedAt)}` }
    : { time: undefined, text: `${clientName(s.client, node)} held ${s.key} with token ${s.staleToken}` });
  const pause = node ? findPause(history, node, staleGrant?.invokedAt ?? 0, s.time) : undefined;
  if (pause?.durationMs !== undefined) {
    const cmp = pause.durationMs > ttlMs ? "longer than" : "not longer than";
    facts.push({ time: pause.at, text: `The nemesis paused node ${node} at ${seconds(pause.at)} for ${millis(pause.durationMs)} (${cmp} the ${millis(ttlMs)} lease)` });
  } else if (pause) {
    facts.push({ time: pause.at, text: `The nemesis paused node ${node} at ${seconds(pause.at)}` });
  }
  if (staleGrant) facts.push(expiryFact(config, staleGrant));
  const other = findGrant(history, s.earlier.client, s.key, s.highestToken);
  if (other) facts.push({ time: other.grantedAt, text: `${clientName(s.earlier.client)} acquired ${s.key} with token ${s.highestToken} at ${seconds(other.grantedAt)}` });
  facts.push({ time: s.earlier.time, text: `Storage accepted client ${s.earlier.client}'s write ${s.earlier.value} with token ${s.highestToken} at ${seconds(s.earlier.time)}` });
  const woke = pause?.wokeAt !== undefined && pause.wokeAt <= s.time ? ` woke at ${seconds(pause.wokeAt)}` : "";
  const believing = woke === "" ? ", still believing it held the lease," : " still believing it held the lease and";
  facts.push({ time: s.time, text: `Client ${s.client}${woke}${believing} wrote ${s.value} with token ${s.staleToken}, which reached storage at ${seconds(s.time)}` });
  return {
    kind: s.accepted ? "divergence" : "prevented",
    headline: s.accepted ? "Storage accepted a write under a stale lease" : "Fencing rejected a write under a stale lease",
    facts: inTimeOrder(facts),
    conclusion: conclusion(input, s),
  };
}

/** When the stale lease's TTL ran out, by the TTL arithmetic the checkers use (core's `ttlSpan`). */
function expiryFact(config: RunConfig, grant: { invokedAt: number; grantedAt: number }): StoryFact {
  const span = ttlSpan(config, grant);
  if (span.by !== undefined) return { time: span.from, text: `Its lease ran out on the lock service between ${seconds(span.from)} and ${seconds(span.by)}` };
  const renewed = declaredLease(config)?.ends === "keep-alive" || declaredLease(config)?.ends === "session-timeout" ? ", unless its holder renewed it" : "";
  return { time: span.from, text: `Its lease could have ended on the lock service from ${seconds(span.from)} on${renewed}` };
}

function conclusion(input: StoryInput, s: StaleWrite): string {
  if (!s.accepted) return `Storage had already seen token ${s.highestToken} and rejected token ${s.staleToken}: divergence prevented.`;
  const kind = input.config.storage.kind;
  const storage = kind === "s3-conditional"
    ? `Storage accepted it although the PutObject named, in If-Match, an ETag the object no longer had: the S3 server ignored the condition, and the shard holds data written under a stale lease.`
    : kind === "fenced" || kind === "postgres-fenced"
      ? `Storage accepted it although it had already accepted token ${s.highestToken}: fenced storage failed to fence, and the shard holds data written under a stale lease.`
      : `Storage accepted it: the shard silently holds data written under a stale lease (${kind} storage).`;
  const lock = input.lockService?.valid === true
    ? ` The lock service did nothing wrong that the history shows: no two leases of ${s.key} were certainly live at once.`
    : "";
  return storage + lock;
}
