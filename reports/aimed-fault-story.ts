/**
 * The story of a fault aimed at a grant (`kill-after-grant`,
 * `partition-leader-after-grant`) that made the lock service hand a token
 * out twice: "Node l1 was killed 4 ms after it granted token 17 for r1;
 * after its restart it granted token 17 for r1 again". Read from the
 * nemesis ops' values alone (which grant each fault followed, which node
 * it struck, how long after the grant), so it is told the same from disk.
 */
import { nemesisOps, type History } from "../core/index.js";
import type { LockServiceViolation } from "../checkers/index.js";
import { faultEnd } from "./fault-end.js";
import type { StoryFact } from "./story-types.js";

/**
 * A fault that struck right after a grant, when its end began (restart or
 * heal invoked) and when it ended (completed), in harness ns.
 */
export interface AimedStrike {
  readonly kind: "kill" | "partition";
  readonly node: string;
  readonly grant: { readonly process: number; readonly resource: string; readonly token: string; readonly time: number };
  readonly struckAfterMs: number | undefined;
  readonly at: number;
  /** The restart or heal was invoked: a restarted node may grant from here, before its restart completes. */
  readonly endingAt: number | undefined;
  readonly endedAt: number | undefined;
}

interface AimedValue {
  readonly package?: unknown;
  readonly nodes?: unknown;
  readonly cut?: unknown;
  readonly grant?: AimedStrike["grant"];
  readonly struckAfterMs?: unknown;
}

/** Every aimed strike that took effect (its start completed without error), in order. Pure. */
export function aimedStrikes(history: History): AimedStrike[] {
  const out: AimedStrike[] = [];
  const nemesis = nemesisOps(history);
  nemesis.forEach((op, i) => {
    if (op.process !== "nemesis" || op.type !== "info" || op.error !== undefined) return;
    if (op.f !== "kill" && op.f !== "start-partition") return;
    const v = op.value as AimedValue | null;
    const node = op.f === "kill" ? (Array.isArray(v?.nodes) ? v.nodes[0] : undefined) : v?.cut;
    if (typeof node !== "string" || typeof v?.grant !== "object" || v.grant === null) return;
    const stop = op.f === "kill" ? "restart" : "stop-partition";
    out.push({
      kind: op.f === "kill" ? "kill" : "partition", node, grant: v.grant, at: op.time, ...faultEnd(nemesis, i, stop, v.package),
      struckAfterMs: typeof v.struckAfterMs === "number" ? v.struckAfterMs : undefined,
    });
  });
  return out;
}

/**
 * The fact that tells how an aimed strike made the service grant a token
 * twice: the first duplicate whose first grant came before the struck node
 * was back and whose second came after the strike. Prefers a duplicate of
 * the very grant the strike followed. Undefined when no strike explains one. Pure.
 */
export function aimedFaultFact(history: History, violations: readonly LockServiceViolation[]): StoryFact | undefined {
  const strikes = aimedStrikes(history);
  const duplicates = violations.filter((v) => v.kind === "duplicate-token");
  const explains = (s: AimedStrike, v: LockServiceViolation) => v.first.grantedAt <= (s.endedAt ?? Infinity) && v.second.invokedAt >= s.grant.time;
  const exact = (s: AimedStrike, v: LockServiceViolation) => s.grant.resource === v.resource && s.grant.token === v.first.token;
  for (const match of [exact, explains]) {
    for (const v of duplicates) {
      const s = strikes.find((x) => explains(x, v) && match(x, v));
      if (s) return { time: s.at, text: sentence(s, v) };
    }
  }
  return undefined;
}

function sentence(s: AimedStrike, v: LockServiceViolation): string {
  const after = s.struckAfterMs === undefined ? "right after" : `${Math.round(s.struckAfterMs)} ms after`;
  const what = s.kind === "kill" ? `Node ${s.node} was killed` : `Node ${s.node} was cut off from the other lock nodes`;
  const followed = `${what} ${after} it granted token ${s.grant.token} for ${s.grant.resource}`;
  const same = s.grant.resource === v.resource && s.grant.token === v.first.token;
  const lost = same ? "" : `, and the grant of token ${v.first.token} for ${v.resource} to client ${v.first.process} was lost with it`;
  // From the restart's (or heal's) invoke on: the restarted node answers before the harness hears that the
  // restart completed, and a grant in between is not one made "while it was down" (seen at load 8).
  const backFrom = s.endingAt ?? s.endedAt;
  const back = backFrom !== undefined && v.second.grantedAt >= backFrom;
  const again = s.kind === "kill"
    ? back ? "after its restart it granted" : "while it was down the service granted"
    : back ? "after the heal the service granted" : "while it was cut off the service granted";
  return `${followed}${lost}; ${again} token ${v.first.token} for ${v.resource} again, to client ${v.second.process}`;
}
