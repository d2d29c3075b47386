/**
 * Final state: after the run, each resource must hold the value of a write
 * carrying the highest token among acknowledged writes (or of an `info`
 * write with a token at least that high). Anything else is a lost update.
 *
 * Storage that decided every write by the version its writer read
 * (`decidedByVersion`) is judged by versions, not tokens: it took a write
 * only over the value its writer had read, so its last accepted write is
 * its final value, whatever that write's token. Then the final value must
 * be that of a write no acknowledged write certainly followed (invoked
 * after it completed).
 */
import {
  compareTokens, decidedByVersion, pairs, toToken, type CheckInput, type CheckResult, type Checker, type History, type Validity,
} from "../../core/index.js";
import { heldLeases, leaseFactTable } from "../lease/index.js";

/** One write as the history shows it; `token` may be inferred from the writer's lease. */
interface WriteSeen {
  readonly process: number;
  readonly value: string;
  readonly token: string | undefined;
  readonly type: "ok" | "fail" | "info";
  /** Harness ns of its invoke and of its completion (Infinity when it never completed). */
  readonly invokedAt: number;
  readonly completedAt: number;
}

/** The verdict for one resource. */
export interface ResourceFinalState {
  readonly resource: string;
  readonly valid: Validity;
  /** The final read's value (null when storage held nothing); undefined when there was no final read. */
  readonly finalValue: string | null | undefined;
  /** The token the final value was written under, when a write of that value is known. */
  readonly finalToken: string | undefined;
  /** The highest token among acknowledged writes. */
  readonly highestAcknowledged: string | undefined;
  /** A plain sentence explaining an invalid or unknown verdict. */
  readonly message: string | undefined;
}

/** The final-state checker's verdict. */
export interface FinalStateResult extends CheckResult {
  readonly valid: Validity;
  readonly resources: readonly ResourceFinalState[];
  /** The resources whose final value lost an acknowledged write. */
  readonly lostUpdates: readonly ResourceFinalState[];
}

/** The final-state checker (name "final-state"). Pure. */
export function finalStateChecker(): Checker<FinalStateResult> {
  return { name: "final-state", check: checkFinalState };
}

/** Checks the final reads of one run against its acknowledged writes. */
export function checkFinalState(input: Pick<CheckInput, "history"> & Partial<Pick<CheckInput, "storage">>): FinalStateResult {
  const { writes, finalReads } = scan(input.history);
  const byVersion = decidedByVersion(input.storage ?? []);
  const resources = [...writes].map(([resource, ws]) => judge(resource, ws, finalReads.get(resource), byVersion));
  const lostUpdates = resources.filter((r) => r.valid === false);
  const open = resources.find((r) => r.valid === "unknown");
  const valid = lostUpdates.length > 0 ? false : open ? "unknown" : true;
  return { valid, resources, lostUpdates, ...(valid === "unknown" && open?.message ? { reason: open.message } : {}) };
}

interface Scan {
  readonly writes: Map<string, WriteSeen[]>;
  /** Per resource, the last ok read invoked after every write on it had finished. */
  readonly finalReads: Map<string, { readonly value: string | null }>;
}

function scan(history: History): Scan {
  const writes = new Map<string, WriteSeen[]>();
  const finalReads = new Map<string, { value: string | null }>();
  const lastWriteIndex = new Map<string, number>();
  const leases = leaseFactTable(history);
  const held = heldLeases(leases);
  for (const { invoke, completion } of pairs(history)) {
    const p = invoke.process;
    const v = invoke.value as { resource?: unknown; value?: unknown } | null;
    const c = completion?.value as { token?: unknown; value?: unknown } | null | undefined;
    if (typeof p !== "number" || typeof v?.resource !== "string") continue;
    if (invoke.f === "write" && typeof v.value === "string") {
      // The token it wrote under: as the completion says, else the lease its client held (checkers/lease).
      const lease = held(p, v.resource, invoke.time);
      const token = toToken(c?.token) ?? (lease === -1 ? undefined : leases.token[lease]);
      const list = writes.get(v.resource) ?? [];
      const completedAt = completion === undefined || completion.type === "info" ? Infinity : completion.time;
      list.push({ process: p, value: v.value, token, type: completion?.type ?? "info", invokedAt: invoke.time, completedAt });
      writes.set(v.resource, list);
      // Every write must have finished, not only the last one invoked: an earlier write may finish later.
      lastWriteIndex.set(v.resource, Math.max(lastWriteIndex.get(v.resource) ?? -1, completion?.index ?? Number.POSITIVE_INFINITY));
      finalReads.delete(v.resource);
    }
    const after = invoke.index > (lastWriteIndex.get(v.resource) ?? -1);
    if (invoke.f === "read" && completion?.type === "ok" && after) {
      finalReads.set(v.resource, { value: typeof c?.value === "string" ? c.value : null });
    }
  }
  return { writes, finalReads };
}

function judge(resource: string, ws: readonly WriteSeen[], read: { value: string | null } | undefined, byVersion: boolean): ResourceFinalState {
  let highest: string | undefined;
  for (const w of ws) {
    if (w.type === "ok" && w.token !== undefined && (highest === undefined || compareTokens(w.token, highest) > 0)) highest = w.token;
  }
  const base = { resource, highestAcknowledged: highest, finalValue: read?.value, finalToken: undefined };
  if (read === undefined) {
    return { ...base, valid: "unknown", message: `No final read of "${resource}": its final state is unknown` };
  }
  const source = ws.find((w) => w.value === read.value && w.type !== "fail") ?? ws.find((w) => w.value === read.value);
  let lastAcknowledgedInvoke = -Infinity;
  for (const w of ws) if (w.type === "ok") lastAcknowledgedInvoke = Math.max(lastAcknowledgedInvoke, w.invokedAt);
  const mayBeLast = (w: WriteSeen): boolean => (byVersion ? w.completedAt >= lastAcknowledgedInvoke : atLeast(w, highest));
  const allowed = ws.some((w) => w.value === read.value && w.type !== "fail" && mayBeLast(w));
  const anyAcknowledged = ws.some((w) => w.type === "ok");
  const valid = allowed || (!anyAcknowledged && read.value === null);
  if (valid) return { ...base, finalToken: source?.token, valid: true, message: undefined };
  const shown = read.value === null ? "empty" : `"${read.value}"`;
  const origin = source === undefined ? "was never written" : `was written under token ${source.token ?? "unknown"}`;
  const message = byVersion
    ? `Final value of "${resource}" is ${shown}, which ${source === undefined ? "was never written" : "was written before another write was acknowledged"}: storage that decides by version keeps its last accepted write`
    : highest === undefined
    ? `Final value of "${resource}" is ${shown}, which ${origin}, but a write was acknowledged`
    : `Final value of "${resource}" is ${shown}, which ${origin}, but a write under token ${highest} was acknowledged`;
  return { ...base, finalToken: source?.token, valid: false, message };
}

/** An ok write must carry the highest acknowledged token; an info write at least that token (or an unknown one). */
function atLeast(w: WriteSeen, highest: string | undefined): boolean {
  if (highest === undefined) return true;
  if (w.token === undefined) return w.type === "info";
  const cmp = compareTokens(w.token, highest);
  return w.type === "ok" ? cmp === 0 : cmp >= 0;
}
