/**
 * Every lease of a history, as every checker sees it: when its grant
 * happened (a window), when it may have ended on the server at the
 * earliest, when it has certainly ended, and until when its holder
 * believed it held it. Built in two passes: `leaseFacts` reads what the
 * history says of each grant; `leasesOf` (lease-bounds.ts) adds what
 * follows from the lease rules and the token order.
 */
import { pairs, toToken, type History, type Op } from "../../core/index.js";
import type { LeaseRules } from "./lease-rules.js";

/** What the history says of one grant (an acquire that completed `ok`). Times are harness nanoseconds. */
export interface LeaseFacts {
  readonly process: number;
  readonly node: string | undefined;
  readonly resource: string;
  /** Undefined for a service without fencing tokens. */
  readonly token: string | undefined;
  /** The acquire's invoke and ok: the grant happened somewhere in [invokedAt, grantedAt]. */
  readonly invokedAt: number;
  readonly grantedAt: number;
  /** When its holder invoked its release (or a new acquire of the resource), from which instant the service may have dropped it. */
  readonly releaseInvokedAt: number | undefined;
  /** When that release returned ok: the lease had certainly ended by then. */
  readonly releasedAt: number | undefined;
  /**
   * For a holder that retired still holding it: the last instant its
   * client was known alive (its last ok or fail). A client's death may end
   * its session from then on.
   */
  readonly retiredAt: number | undefined;
  /** Until when its holder believed it held it: the release's invoke, its last op if it retired, else the history's end. */
  readonly believedUntil: number;
  /** For `client-session` leases: the invokes of nemesis ops that break a lock node's connections (kill, delay) after the acquire's invoke. */
  readonly sessionBreaks: readonly number[];
}

/**
 * The facts of every grant in `history`, in acquire-invoke order; without
 * `rules` no session breaks are looked for (enough for who held what). Pure, O(n).
 */
export function leaseFacts(history: History, rules?: LeaseRules): LeaseFacts[] {
  const end = history.reduce((t, op) => Math.max(t, op.time), 0);
  const life = clientLives(history);
  const breaks = rules?.ends === "client-session" ? sessionBreaks(history, rules.lockNodes) : [];
  const open = new Map<string, { -readonly [K in keyof LeaseFacts]: LeaseFacts[K] }>();
  const out: LeaseFacts[] = [];
  for (const { invoke, completion } of pairs(history)) {
    const v = (completion?.value ?? invoke.value) as { resource?: unknown; token?: unknown } | null;
    if (typeof invoke.process !== "number" || typeof v?.resource !== "string") continue;
    const key = `${invoke.process}\u0000${v.resource}`;
    const held = open.get(key);
    if (held && (invoke.f === "release" || invoke.f === "acquire")) {
      held.releaseInvokedAt = invoke.time;
      held.believedUntil = invoke.time;
      if (invoke.f === "release" && completion?.type === "ok") held.releasedAt = completion.time;
      open.delete(key);
    }
    if (invoke.f !== "acquire" || completion?.type !== "ok") continue;
    const lease = {
      process: invoke.process, node: invoke.node, resource: v.resource, token: toToken(v.token),
      invokedAt: invoke.time, grantedAt: completion.time, releaseInvokedAt: undefined, releasedAt: undefined,
      retiredAt: undefined, believedUntil: end, sessionBreaks: breaks.filter((t) => t >= invoke.time),
    };
    open.set(key, lease);
    out.push(lease);
  }
  for (const lease of open.values()) {
    const client = life.get(lease.process);
    if (client?.retired !== true) continue;
    lease.retiredAt = client.lastAlive;
    lease.believedUntil = client.lastOp;
  }
  return out;
}

interface ClientLife {
  /** The last ok or fail of the process: its client was alive then. */
  lastAlive: number;
  /** The time of its last op of any kind. */
  lastOp: number;
  /** True when an op of it completed `info` (Jepsen: the process is retired). */
  retired: boolean;
}

function clientLives(history: History): Map<number, ClientLife> {
  const out = new Map<number, ClientLife>();
  for (const op of history) {
    if (typeof op.process !== "number") continue;
    const life = out.get(op.process) ?? { lastAlive: 0, lastOp: 0, retired: false };
    life.lastOp = Math.max(life.lastOp, op.time);
    if (op.type === "ok" || op.type === "fail") life.lastAlive = Math.max(life.lastAlive, op.time);
    if (op.type === "info") life.retired = true;
    out.set(op.process, life);
  }
  return out;
}

/** Nemesis ops that end a lock node's client connections: a kill, or a delay proxy put in or taken out. */
const SESSION_BREAKING = new Set(["kill", "start-delay", "stop-delay"]);

function sessionBreaks(history: History, lockNodes: ReadonlySet<string>): number[] {
  return history.filter((op) => op.type === "invoke" && op.process === "nemesis" && SESSION_BREAKING.has(op.f) && touchesLock(op, lockNodes)).map((op) => op.time);
}

/** True when the op names a lock node, or names no node it can be read from (then it may have). */
function touchesLock(op: Op, lockNodes: ReadonlySet<string>): boolean {
  const nodes = (op.value as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) return true;
  return nodes.some((n) => typeof n !== "string" || lockNodes.has(n));
}
