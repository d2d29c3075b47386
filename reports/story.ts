/**
 * The story of a run's first stale write, told like the seed's "full
 * picture": who held which token, the pause, the expiry, the second grant,
 * the stale write and what storage did with it.
 */
import type { History, RunConfig } from "../core/index.js";
import type { FencingResult, LeaseOverlapResult, LockServiceResult, RealTimeResult, StaleWrite } from "../checkers/index.js";
import { clientName, millis, seconds } from "./format.js";
import { realTimeStory } from "./real-time-story.js";
import { findGrant, findPause, findWrite } from "./story-evidence.js";
import { aimedFaultFact } from "./aimed-fault-story.js";
import { powerLossFact } from "./power-loss-story.js";

export type { Story, StoryFact, StoryKind } from "./story-types.js";
import type { Story, StoryFact, StoryKind } from "./story-types.js";

/** What the story is told from. */
export interface StoryInput {
  readonly config: RunConfig;
  readonly history: History;
  readonly fencing: FencingResult | undefined;
  readonly leaseOverlap: LeaseOverlapResult | undefined;
  /** The real-time checker's result: its stale write is told when fencing found none accepted. */
  readonly realTime?: RealTimeResult | undefined;
  /** The lock-service checker's result: its token violations are the lock service's broken promise. */
  readonly lockService?: LockServiceResult | undefined;
}

/** The story of the first accepted stale write, else the first rejected one, else why there is none. Pure. */
export function buildStory(input: StoryInput): Story {
  const { fencing } = input;
  const timed = input.realTime?.violations[0];
  if (timed !== undefined && (fencing?.violations.length ?? 0) === 0) return realTimeStory(input.config, input.history, timed);
  if (fencing === undefined || !fencing.storageKnown) {
    const why = fencing === undefined ? "the fencing checker left no result" : "storage recorded no writes although writes were acknowledged";
    return { kind: "unknown", headline: "Whether a stale write reached storage is unknown", facts: [], conclusion: `Cannot tell: ${why}.` };
  }
  // A fault aimed at a grant that made the service repeat a token is the story, unless a stale write was accepted.
  // So is a power loss that made it forget a grant.
  const violations = input.lockService?.tokenViolations ?? [];
  const aimed = fencing.violations.length === 0 ? aimedFaultFact(input.history, violations) ?? powerLossFact(input.history, violations) : undefined;
  const stale = fencing.violations[0] ?? (aimed ? undefined : fencing.rejections[0]);
  if (stale !== undefined) return staleStory(input, stale);
  const broken = input.lockService?.tokenViolations[0];
  if (broken !== undefined) {
    return {
      kind: "lock-service", headline: "The lock service broke its promise", facts: [aimed ?? { time: broken.second.grantedAt, text: `${broken.message}.` }],
      conclusion: "Fencing tokens are only as good as the lock service that issues them.",
    };
  }
  return {
    kind: "no-stale-write", headline: "No write under a stale lease", facts: [],
    conclusion: "No client wrote under an expired lease: storage never saw a token below one it had already accepted.",
  };
}

function staleStory(input: StoryInput, s: StaleWrite): Story {
  const { history, config } = input;
  const ttlMs = config.workload.ttlMs;
  const facts: StoryFact[] = [];
  const staleGrant = findGrant(history, s.client, s.key, s.staleToken);
  const node = staleGrant?.node;
  const who = clientName(s.client, node);
  facts.push(staleGrant
    ? { time: staleGrant.grantedAt, text: `${who} acquired ${s.key} with token ${s.staleToken} at ${seconds(staleGrant.grantedAt)}` }
    : { time: undefined, text: `${who} held ${s.key} with token ${s.staleToken}` });
  const write = findWrite(history, s.client, s.key, s.value);
  const writeAt = write?.invokedAt ?? s.time;
  const pause = node ? findPause(history, node, staleGrant?.invokedAt ?? 0, writeAt) : undefined;
  if (pause?.durationMs !== undefined) {
    const cmp = pause.durationMs > ttlMs ? "longer than" : "not longer than";
    facts.push({ time: pause.at, text: `The nemesis paused node ${node} at ${seconds(pause.at)} for ${millis(pause.durationMs)} (${cmp} the ${millis(ttlMs)} lease)` });
  } else if (pause) {
    facts.push({ time: pause.at, text: `The nemesis paused node ${node} at ${seconds(pause.at)}` });
  }
  const expiry = staleGrant ? staleGrant.grantedAt + ttlMs * 1e6 : undefined;
  if (expiry !== undefined) facts.push({ time: expiry, text: `The lease expired on the lock service at about ${seconds(expiry)}` });
  const other = findGrant(history, s.earlier.client, s.key, s.highestToken);
  const otherWho = clientName(s.earlier.client);
  facts.push(other
    ? { time: other.grantedAt, text: `${otherWho} acquired ${s.key} with token ${s.highestToken} at ${seconds(other.grantedAt)} and wrote ${s.earlier.value}` }
    : { time: s.earlier.time, text: `${otherWho} wrote ${s.earlier.value} with token ${s.highestToken} at ${seconds(s.earlier.time)}` });
  facts.push(pause?.wokeAt !== undefined
    ? { time: pause.wokeAt, text: `Client ${s.client} woke at ${seconds(pause.wokeAt)} still believing it held the lease and wrote ${s.value} with token ${s.staleToken}` }
    : { time: writeAt, text: `Client ${s.client}, still believing it held the lease, wrote ${s.value} with token ${s.staleToken} at ${seconds(writeAt)}` });
  const grantedEarly = other !== undefined && staleGrant !== undefined && other.grantedAt < staleGrant.invokedAt + ttlMs * 1e6;
  return {
    kind: s.accepted ? "divergence" : "prevented",
    headline: s.accepted ? "Storage accepted a write under a stale lease" : "Fencing rejected a write under a stale lease",
    facts,
    conclusion: conclusion(input, s, grantedEarly),
  };
}

function conclusion(input: StoryInput, s: StaleWrite, grantedEarly: boolean): string {
  if (!s.accepted) {
    const rejected = `Storage had already seen token ${s.highestToken} and rejected token ${s.staleToken}`;
    return (input.lockService?.tokenViolations.length ?? 0) > 0
      ? `${rejected}, but the lock service broke its promise: its tokens went backwards or were granted twice.`
      : `${rejected}: divergence prevented.`;
  }
  const kind = input.config.storage.kind;
  const storage = kind === "s3-conditional"
    ? `Storage accepted it although the PutObject named, in If-Match, an ETag the object no longer had: the S3 server ignored the condition, and the shard holds data written under a stale lease.`
    : kind === "fenced" || kind === "postgres-fenced"
      ? `Storage accepted it although it had already accepted token ${s.highestToken}: fenced storage failed to fence, and the shard holds data written under a stale lease.`
      : `Storage accepted it: the shard silently holds data written under a stale lease (${kind} storage).`;
  const lock = grantedEarly || (input.lockService?.tokenViolations.length ?? 0) > 0
    ? ` The lock service granted ${s.key} again before the lease of token ${s.staleToken} could have expired: it broke its promise.`
    : " The lock service did nothing wrong: it expired the lease correctly.";
  return storage + lock;
}
