/**
 * The story of a stale write found by real time rather than by token: who
 * held the lease, when it had certainly expired, who held next and wrote,
 * and what storage did with the late write. The lease bounds are the
 * checker's (its `expiredBy`), grants are dated at their ok, writes when
 * storage took them in, and the facts are told in that order.
 */
import { opFields, type History, type RunConfig } from "../core/index.js";
import type { TimedStaleWrite } from "../checkers/index.js";
import { clientName, millis, seconds } from "./format.js";
import type { Story, StoryFact } from "./story-types.js";
import { findPause } from "./story-evidence.js";
import { inTimeOrder } from "./story-order.js";

/** Tells `s` in order. Pure. */
export function realTimeStory(config: RunConfig, history: History, s: TimedStaleWrite): Story {
  const ttlMs = config.workload.ttlMs;
  const node = nodeOf(history, s.client);
  const token = s.grant.token === undefined ? "; the lock service gave no fencing token" : ` with token ${s.grant.token}`;
  const facts: StoryFact[] = [
    { time: s.grant.grantedAt, text: `${clientName(s.client, node)} acquired ${s.key} at ${seconds(s.grant.grantedAt)} (it asked at ${seconds(s.grant.invokedAt)})${token}` },
  ];
  // A write judged by storage's order may have been sent before the pause that held it.
  const until = s.evidence === "clock" ? s.invokedAt : (s.acceptedAt ?? s.invokedAt);
  const pause = node ? findPause(history, node, s.grant.invokedAt, until) : undefined;
  if (pause) {
    const length = pause.durationMs === undefined ? "" : ` for ${millis(pause.durationMs)} (${pause.durationMs > ttlMs ? "longer than" : "not longer than"} the ${millis(ttlMs)} lease)`;
    facts.push({ time: pause.at, text: `The nemesis paused node ${node} at ${seconds(pause.at)}${length}` });
  }
  if (s.evidence === "clock") {
    facts.push({
      time: s.expiredBy,
      text: `Its lease had certainly expired by ${seconds(s.expiredBy)}: granted no later than ${seconds(s.grant.grantedAt)}, for ${millis(ttlMs)} on the lock server's clock, with a margin for that clock's rate`,
    });
  } else {
    facts.push({ time: s.invokedAt, text: `Client ${s.client} sent its write ${s.value} at ${seconds(s.invokedAt)}` });
  }
  facts.push(...nextFacts(history, s));
  facts.push(lateWriteFact(s, pause?.wokeAt));
  return { kind: "divergence", headline: "Storage accepted a write under an expired lease", facts: inTimeOrder(facts), conclusion: conclusion(config, s) };
}

/** The later grant (at its ok) and its write (when storage took it in, or its client heard so). */
function nextFacts(history: History, s: TimedStaleWrite): StoryFact[] {
  const next = clientName(s.next.client, nodeOf(history, s.next.client));
  const asked = s.next.order === "asked-after"
    ? `asked for ${s.key} at ${seconds(s.next.grant.invokedAt)}, after that grant,`
    : `asked for ${s.key} at ${seconds(s.next.grant.invokedAt)}, before that grant returned, yet was granted it after: had it been first, its lease would still have been running when client ${s.client} was granted, which the lock service must not do. It`;
  const token = s.next.grant.token;
  const same = token !== undefined && token === s.grant.token ? ` with the same token ${token}` : token === undefined ? "" : ` with token ${token}`;
  const landedAt = s.evidence === "clock" ? s.next.acknowledgedAt : s.next.storedAt;
  const landed = s.evidence === "clock" ? "was acknowledged" : "was accepted by storage";
  return [
    { time: s.next.grant.grantedAt, text: `${next} ${asked} was granted it${same} at ${seconds(s.next.grant.grantedAt)}` },
    { time: landedAt, text: `Under that grant, its write ${s.next.value} ${landed}${landedAt === undefined ? "" : ` at ${seconds(landedAt)}`}` },
  ];
}

/** The late write, dated when storage took it in (else when it was sent). */
function lateWriteFact(s: TimedStaleWrite, wokeAt: number | undefined): StoryFact {
  const at = s.acceptedAt ?? s.invokedAt;
  if (s.evidence === "storage-order") {
    const woke = wokeAt === undefined ? "" : `; client ${s.client} woke at ${seconds(wokeAt)}`;
    return { time: at, text: `Storage took in ${s.value} only after ${s.next.value}${s.acceptedAt === undefined ? "" : `, at ${seconds(s.acceptedAt)}`}${woke}` };
  }
  const reached = s.acceptedAt === undefined ? "" : `; storage took it in at ${seconds(s.acceptedAt)}`;
  return wokeAt !== undefined && wokeAt <= s.invokedAt
    ? { time: at, text: `Client ${s.client} woke at ${seconds(wokeAt)} still believing it held the lease and sent its write ${s.value} at ${seconds(s.invokedAt)}${reached}` }
    : { time: at, text: `Client ${s.client}, still believing it held the lease, sent its write ${s.value} at ${seconds(s.invokedAt)}${reached}` };
}

function conclusion(config: RunConfig, s: TimedStaleWrite): string {
  const at = s.acceptedAt === undefined ? "" : ` at ${seconds(s.acceptedAt)}`;
  const kind = config.storage.kind as string;
  const storage = kind === "cas" || kind === "s3-conditional"
    ? `Storage accepted it${at} although its writes are conditional: the condition did not stop a write made after the lease certainly expired, and the data written by ${s.next.value}'s holder is overwritten.`
    : `Storage accepted it${at}: it overwrote ${s.next.value}, written under the later grant, with data written under a lease that had ${s.evidence === "clock" ? "certainly " : ""}expired${s.evidence === "clock" ? "" : " (or, were it still running, that the lock service had granted to two clients)"}.`;
  const source = s.evidence === "clock"
    ? "the order of these events comes from the harness's one monotonic clock"
    : "storage decides one write at a time, and it decided the later holder's write first, so the late write reached it after the later grant";
  return `${storage} ${s.grant.token === undefined ? "No token was compared" : "Real time, not the tokens, proves it"}: ${source}.`;
}

function nodeOf(history: History, process: number): string | undefined {
  const op = opFields(history);
  for (let i = 0; i < op.length; i++) if (op.process(i) === process && op.node(i) !== undefined) return op.node(i);
  return undefined;
}
