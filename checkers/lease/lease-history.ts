/**
 * Every lease of a history, as every checker sees it: when its grant
 * happened (a window), when it may have ended on the server at the
 * earliest, when it has certainly ended, and until when its holder
 * believed it held it. Built in two passes: `leaseFacts` reads what the
 * history says of each grant; `leasesOf` (lease-bounds.ts) adds what
 * follows from the lease rules and the token order.
 */
import { pairs, toToken, type History, type Op } from "../../core/index.js";
import { factsAt, floatColumn, intColumn, tokenNumber, type LeaseFactTable } from "./lease-columns.js";
import type { LeaseFacts } from "./lease.js";
import type { LeaseRules } from "./lease-rules.js";

/**
 * The facts of every grant in `history`, in acquire-invoke order; without
 * `rules` no session breaks are looked for (enough for who held what). Pure, O(n).
 * Objects for small histories and tests: checkers of long runs walk `leaseFactTable`.
 */
export function leaseFacts(history: History, rules?: LeaseRules): LeaseFacts[] {
  const table = leaseFactTable(history, rules);
  return Array.from({ length: table.length }, (_, i) => factsAt(table, i));
}

/** As `leaseFacts`, as columns (lease-columns.ts). Pure, O(n). */
export function leaseFactTable(history: History, rules?: LeaseRules): LeaseFactTable {
  const { end, lives } = clientLives(history);
  const breaks = rules?.ends === "client-session" ? sessionBreaks(history, rules.lockNodes) : [];
  const c = {
    holder: intColumn(), node: intColumn(), resource: intColumn(), invokedAt: floatColumn(), grantedAt: floatColumn(),
    releaseInvokedAt: floatColumn(), releasedAt: floatColumn(), retiredAt: floatColumn(), believedUntil: floatColumn(),
  };
  const tokens: (string | undefined)[] = [];
  const nodes = interner();
  const resources = interner();
  const open = new Map<string, number>();
  for (const { invoke, completion } of pairs(history)) {
    const v = (completion?.value ?? invoke.value) as { resource?: unknown; token?: unknown } | null;
    if (typeof invoke.process !== "number" || typeof v?.resource !== "string") continue;
    const key = `${invoke.process}\u0000${v.resource}`;
    const held = open.get(key);
    if (held !== undefined && (invoke.f === "release" || invoke.f === "acquire")) {
      c.releaseInvokedAt.set(held, invoke.time);
      c.believedUntil.set(held, invoke.time);
      if (invoke.f === "release" && completion?.type === "ok") c.releasedAt.set(held, completion.time);
      open.delete(key);
    }
    if (invoke.f !== "acquire" || completion?.type !== "ok") continue;
    open.set(key, c.holder.length);
    c.holder.push(invoke.process);
    c.node.push(invoke.node === undefined ? -1 : nodes.id(invoke.node));
    c.resource.push(resources.id(v.resource));
    tokens.push(toToken(v.token));
    c.invokedAt.push(invoke.time);
    c.grantedAt.push(completion.time);
    for (const col of [c.releaseInvokedAt, c.releasedAt, c.retiredAt]) col.push(Number.NaN);
    c.believedUntil.push(end);
  }
  for (const i of open.values()) {
    const client = lives.get(c.holder.at(i));
    if (client?.retired !== true) continue;
    c.retiredAt.set(i, client.lastAlive);
    c.believedUntil.set(i, client.lastOp);
  }
  return {
    length: tokens.length, process: c.holder.done(), node: c.node.done(), nodes: nodes.all, resource: c.resource.done(),
    resources: resources.all, resourceIds: resources.ids, token: tokens, tokenNumber: Float64Array.from(tokens, tokenNumber),
    invokedAt: c.invokedAt.done(), grantedAt: c.grantedAt.done(), releaseInvokedAt: c.releaseInvokedAt.done(),
    releasedAt: c.releasedAt.done(), retiredAt: c.retiredAt.done(), believedUntil: c.believedUntil.done(), breaks,
  };
}

/** Strings numbered in first-seen order. */
function interner(): { id: (s: string) => number; readonly all: string[]; readonly ids: Map<string, number> } {
  const ids = new Map<string, number>();
  const all: string[] = [];
  return {
    all, ids,
    id(s) {
      let id = ids.get(s);
      if (id === undefined) {
        id = all.length;
        all.push(s);
        ids.set(s, id);
      }
      return id;
    },
  };
}

interface ClientLife {
  /** The last ok or fail of the process: its client was alive then. */
  lastAlive: number;
  /** The time of its last op of any kind. */
  lastOp: number;
  /** True when an op of it completed `info` (Jepsen: the process is retired). */
  retired: boolean;
}

/** Each client's life, and the history's last time (the belief of a lease never released lasts until then). */
function clientLives(history: History): { end: number; lives: Map<number, ClientLife> } {
  const lives = new Map<number, ClientLife>();
  let end = 0;
  for (const op of history) {
    end = Math.max(end, op.time);
    if (typeof op.process !== "number") continue;
    const life = lives.get(op.process) ?? { lastAlive: 0, lastOp: 0, retired: false };
    life.lastOp = Math.max(life.lastOp, op.time);
    if (op.type === "ok" || op.type === "fail") life.lastAlive = Math.max(life.lastAlive, op.time);
    if (op.type === "info") life.retired = true;
    lives.set(op.process, life);
  }
  return { end, lives };
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
