/**
 * Lookups in a history that the story needs: grants, writes and pauses.
 * They read ops' fields by position (`opFields`) and make only the ops they
 * keep, so a long history held as columns is not made op by op.
 */
import { indexedPairs, nemesisOps, opFields, type History } from "../core/index.js";

/** An acquire that completed ok. Times are harness nanoseconds. */
export interface GrantEvidence {
  readonly node: string | undefined;
  readonly invokedAt: number;
  readonly grantedAt: number;
}

/** A pause of a node, and when the matching resume completed. */
export interface PauseEvidence {
  readonly at: number;
  readonly durationMs: number | undefined;
  readonly wokeAt: number | undefined;
}

interface LockValue {
  readonly resource?: unknown;
  readonly token?: unknown;
  readonly value?: unknown;
  readonly nodes?: unknown;
  readonly durationMs?: unknown;
}

/** The acquire ok of `client` (process id as a string) on `resource` with `token`. */
export function findGrant(history: History, client: string, resource: string, token: string): GrantEvidence | undefined {
  const op = opFields(history);
  for (const { invokeAt, completionAt } of indexedPairs(history)) {
    if (completionAt === undefined || op.f(invokeAt) !== "acquire" || String(op.process(invokeAt)) !== client || op.type(completionAt) !== "ok") continue;
    const v = op.value(completionAt) as LockValue | null;
    if (v?.resource === resource && String(v.token) === token) {
      return { node: op.node(invokeAt), invokedAt: op.time(invokeAt), grantedAt: op.time(completionAt) };
    }
  }
  return undefined;
}

/** The invoke time of `client`'s write of `value` to `resource`. */
export function findWrite(history: History, client: string, resource: string, value: string): { invokedAt: number } | undefined {
  const op = opFields(history);
  for (let i = 0; i < op.length; i++) {
    if (op.type(i) !== "invoke" || op.f(i) !== "write" || String(op.process(i)) !== client) continue;
    const v = op.value(i) as LockValue | null;
    if (v?.resource === resource && v?.value === value) return { invokedAt: op.time(i) };
  }
  return undefined;
}

function hasNode(value: unknown, node: string): boolean {
  const nodes = (value as LockValue | null)?.nodes;
  return Array.isArray(nodes) && nodes.includes(node);
}

/** The last pause of `node` invoked within [from, to], with its resume. */
export function findPause(history: History, node: string, from: number, to: number): PauseEvidence | undefined {
  const nemesis = nemesisOps(history);
  const pause = nemesis.filter((o) => o.process === "nemesis" && o.type === "invoke" && o.f === "pause"
    && o.time >= from && o.time <= to && hasNode(o.value, node)).at(-1);
  if (pause === undefined) return undefined;
  const resume = nemesis.find((o) => o.process === "nemesis" && o.type !== "invoke" && o.f === "resume"
    && o.time >= pause.time && hasNode(o.value, node));
  const d = (pause.value as LockValue | null)?.durationMs;
  const durationMs = typeof d === "number" ? d : resume ? (resume.time - pause.time) / 1e6 : undefined;
  return { at: pause.time, durationMs, wokeAt: resume?.time };
}
