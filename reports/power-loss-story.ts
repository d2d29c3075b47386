/**
 * The story of a power loss (`lose-unfsynced`) that made the lock service
 * hand a token out twice: "Node l1 lost 701 ms of unsynced writes (3
 * writes to 1 file) at 4.20 s; token 17 for r1, granted to client 3 before
 * the loss, was granted again after its restart, to client 5". Read from
 * the nemesis ops' values alone (what each node lost, when), so it is
 * told the same from disk.
 */
import { nemesisOps, type History } from "../core/index.js";
import type { LockServiceViolation } from "../checkers/index.js";
import { seconds } from "./format.js";
import { faultEnd } from "./fault-end.js";
import type { StoryFact } from "./story-types.js";

/** What one node lost at one power loss, when its power-on began (invoked) and when it was back (completed), in harness ns. */
export interface PowerLoss {
  readonly node: string;
  readonly at: number;
  /** The power-on was invoked: the node may grant from here, before the harness hears it is back. */
  readonly endingAt: number | undefined;
  readonly endedAt: number | undefined;
  readonly oldestMs: number;
  readonly writes: number;
  readonly files: number;
}

interface LossValue {
  readonly package?: unknown;
  readonly lost?: Readonly<Record<string, { oldestMs?: unknown; writes?: unknown; files?: unknown }>>;
}

/** Every power loss that took effect (its op completed with what each node lost), in order. Pure. */
export function powerLosses(history: History): PowerLoss[] {
  const out: PowerLoss[] = [];
  const nemesis = nemesisOps(history);
  nemesis.forEach((op, i) => {
    if (op.process !== "nemesis" || op.type !== "info" || op.error !== undefined || op.f !== "power-loss") return;
    const v = op.value as LossValue | null;
    const end = faultEnd(nemesis, i, "power-on", v?.package);
    for (const [node, lost] of Object.entries(v?.lost ?? {})) {
      const num = (x: unknown): number => (typeof x === "number" ? x : 0);
      out.push({ node, at: op.time, ...end, oldestMs: num(lost.oldestMs), writes: num(lost.writes), files: num(lost.files) });
    }
  });
  return out;
}

/**
 * The fact that tells how a power loss made the service grant a token
 * twice: the first duplicate granted once before a loss and again after
 * it. Undefined when no loss explains one. Pure.
 */
export function powerLossFact(history: History, violations: readonly LockServiceViolation[]): StoryFact | undefined {
  const losses = powerLosses(history).filter((l) => l.writes > 0);
  for (const v of violations.filter((x) => x.kind === "duplicate-token")) {
    const loss = losses.find((l) => v.first.grantedAt <= l.at && v.second.grantedAt >= l.at);
    if (loss) return { time: loss.at, text: sentence(loss, v) };
  }
  return undefined;
}

function sentence(l: PowerLoss, v: LockServiceViolation): string {
  const what = `${l.writes} write${l.writes === 1 ? "" : "s"} to ${l.files} file${l.files === 1 ? "" : "s"}`;
  // From the power-on's invoke: a grant made before the harness heard the node was back was not made while it was down.
  const backFrom = l.endingAt ?? l.endedAt;
  const back = backFrom !== undefined && v.second.grantedAt >= backFrom ? "after its restart" : "while it was down";
  return `Node ${l.node} lost ${Math.round(l.oldestMs)} ms of unsynced writes (${what}) at ${seconds(l.at)}; `
    + `token ${v.first.token} for ${v.resource}, granted to client ${v.first.process} before the loss, was granted again ${back}, to client ${v.second.process}`;
}
