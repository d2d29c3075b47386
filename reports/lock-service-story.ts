/**
 * The story of a lock service that broke its promise: it handed a token
 * out twice, gave a later grant a lower token, or granted a resource while
 * another client's lease on it was still live. When it did, that is the
 * root cause, and the story leads with it: first what made it break its
 * word (a kill or partition aimed at a grant, a power loss, a clock fault
 * on a lock node), then the two grants, then what storage did with the
 * stale write that followed, each at the time it reached the service or
 * storage. The lease bounds are the checkers' (the double grant's leases),
 * never recomputed here.
 */
import type { DoubleGrant, LeaseOverlap, LockServiceViolation } from "../checkers/index.js";
import { aimedFaultFact } from "./aimed-fault-story.js";
import { lockClockFact } from "./clock-fault-story.js";
import { clientName, seconds } from "./format.js";
import { powerLossFact } from "./power-loss-story.js";
import { staleConsequence, type StaleConsequence } from "./stale-consequence.js";
import { inTimeOrder } from "./story-order.js";
import type { Story, StoryFact, StoryInput } from "./story-types.js";

/** One grant of a broken promise. Times are harness ns. */
interface BreachGrant {
  readonly process: number;
  readonly node: string | undefined;
  readonly token: string | undefined;
  readonly invokedAt: number;
  readonly grantedAt: number;
  /** The checkers' earliest instant the lease may have ended, when they give one. */
  readonly mayEndFrom: number | undefined;
}

/** A broken promise: two grants of one resource that the service must not have made both. */
interface Breach {
  readonly kind: "duplicate-token" | "token-order" | "double-grant";
  readonly resource: string;
  readonly first: BreachGrant;
  readonly second: BreachGrant;
  /** The fact of the fault that made the service break it, when one explains it. */
  readonly cause: StoryFact | undefined;
  /** True when `cause` names both grants (a kill or power loss and the token it granted again). */
  readonly causeNamesGrants: boolean;
}

/** The story led by the lock service's broken promise, or undefined when it kept it. Pure. */
export function lockServiceStory(input: StoryInput): Story | undefined {
  const breach = firstBreach(input);
  if (breach === undefined) return undefined;
  const stale = staleConsequence(input.fencing, input.realTime, breach.resource, breach.second.invokedAt);
  const facts = [...(breach.cause ? [breach.cause] : []), ...grantFacts(breach), ...(stale ? [stale.fact] : [])];
  return { kind: "lock-service", headline: `The lock service broke its promise: ${what(breach)}`, facts: inTimeOrder(facts), conclusion: conclusion(breach, stale) };
}

/** The breach to tell: a repeated token a fault explains, else the first token violation, else the first double grant. */
function firstBreach(input: StoryInput): Breach | undefined {
  const violations = input.lockService?.tokenViolations ?? [];
  for (const v of violations) {
    const cause = aimedFaultFact(input.history, [v]) ?? powerLossFact(input.history, [v]);
    if (cause !== undefined) return { ...fromViolation(v), cause, causeNamesGrants: true };
  }
  const doubles = input.lockService?.doubleGrants ?? [];
  const overlaps = input.lockService === undefined ? (input.leaseOverlap?.overlaps ?? []).filter((o) => o.certain) : [];
  const plain = violations[0] ? fromViolation(violations[0]) : doubles[0] ? fromDoubleGrant(doubles[0]) : overlaps[0] ? fromOverlap(overlaps[0]) : undefined;
  if (plain === undefined) return undefined;
  return { ...plain, cause: lockClockFact(input.config, input.history, plain.first.invokedAt, plain.second.grantedAt), causeNamesGrants: false };
}

function fromViolation(v: LockServiceViolation): Omit<Breach, "cause" | "causeNamesGrants"> {
  const grant = (g: LockServiceViolation["first"]): BreachGrant => ({ ...g, node: undefined, mayEndFrom: undefined });
  return { kind: v.kind, resource: v.resource, first: grant(v.first), second: grant(v.second) };
}

function fromDoubleGrant(d: DoubleGrant): Omit<Breach, "cause" | "causeNamesGrants"> {
  const grant = (l: DoubleGrant["first"]): BreachGrant => ({ process: l.process, node: l.node, token: l.token, invokedAt: l.invokedAt, grantedAt: l.grantedAt, mayEndFrom: l.mayEndFrom });
  return { kind: "double-grant", resource: d.resource, first: grant(d.first), second: grant(d.second) };
}

function fromOverlap(o: LeaseOverlap): Omit<Breach, "cause" | "causeNamesGrants"> {
  const grant = (b: LeaseOverlap["first"]): BreachGrant => ({ process: b.process, node: b.node, token: b.token, invokedAt: b.acquireInvokedAt, grantedAt: b.grantedAt, mayEndFrom: undefined });
  return { kind: "double-grant", resource: o.resource, first: grant(o.first), second: grant(o.second) };
}

/** The two grants; a fault's fact that names both (a kill, a power loss) stands for them. */
function grantFacts(b: Breach): StoryFact[] {
  if (b.causeNamesGrants) return [];
  const { first, second, resource } = b;
  const withToken = (t: string | undefined) => (t === undefined ? "" : ` with token ${t}`);
  const live = first.mayEndFrom === undefined ? "" : `; its lease could not have ended before ${seconds(first.mayEndFrom)}`;
  const secondWho = clientName(second.process, second.node);
  const then = b.kind === "duplicate-token"
    ? `${secondWho} was granted ${resource} with the same token ${second.token} at ${seconds(second.grantedAt)}`
    : b.kind === "token-order"
      ? `${secondWho}, which asked after that grant returned, was granted ${resource} with token ${second.token}, not above ${first.token}, at ${seconds(second.grantedAt)}`
      : `${secondWho} was granted ${resource}${withToken(second.token)} at ${seconds(second.grantedAt)}, while client ${first.process}'s lease was still live`;
  return [
    { time: first.grantedAt, text: `${clientName(first.process, first.node)} acquired ${resource}${withToken(first.token)} at ${seconds(first.grantedAt)}${live}` },
    { time: second.grantedAt, text: then },
  ];
}

/** What the service did, as the headline's second half. */
function what(b: Breach): string {
  if (b.kind === "duplicate-token") return `it granted token ${b.first.token} for ${b.resource} twice`;
  if (b.kind === "token-order") return `its tokens for ${b.resource} went backwards`;
  return `it granted ${b.resource} to two clients at once`;
}

function conclusion(b: Breach, stale: StaleConsequence | undefined): string {
  // A cause that does not name the grants is a clock fault on lock nodes (firstBreach).
  const promise = b.cause !== undefined && !b.causeNamesGrants
    ? "A lease timed on a wall clock is only as safe as that clock; a fencing token that storage checks needs no clock."
    : "Fencing tokens are only as good as the lock service that issues them.";
  if (stale === undefined) return promise;
  const ours = stale.resource === b.resource && [b.first.process, b.second.process].map(String).includes(stale.client);
  if (!stale.accepted) {
    return `Storage rejected the stale write this time (token ${stale.token} after ${stale.earlierToken}), but the lock service broke its promise: ${what(b)}. ${promise}`;
  }
  const sameToken = stale.token !== undefined && stale.token === stale.earlierToken;
  const why = sameToken
    ? `token ${stale.token} was in two clients' hands, and storage cannot tell two holders of one token apart`
    : `the lock service broke its promise: ${what(b)}`;
  return ours
    ? `Storage accepted a write under a stale lease because ${why}. ${promise}`
    : `The lock service broke its promise (${what(b)}), and storage also accepted a write under a stale lease. ${promise}`;
}
