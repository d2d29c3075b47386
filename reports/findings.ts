/** Plain-words findings of each checker, for the report's details section. */
import type { CheckResult, CheckValidity, Validity } from "../core/index.js";
import type { FinalStateResult, LeaseOverlap, LeaseOverlapResult, StatsResult } from "../checkers/index.js";
import type { FencingResult, RealTimeResult } from "../checkers/index.js";
import { fencingResult, finalStateResult, leaseOverlapResult, realTimeResult, statsResult } from "./checker-results.js";
import { seconds } from "./format.js";

/** One checker's verdict with a few sentences and its raw result as JSON (capped). */
export interface CheckerVerdict {
  readonly name: string;
  /** "n/a" when the checker's question does not arise for this run (`reason` says why). */
  readonly valid: CheckValidity;
  /** Why the checker is "n/a" or "unknown", in its own words, when it says. */
  readonly reason?: string;
  readonly lines: readonly string[];
  readonly detail: string;
  /** The checker's own one-line summary, when it gives one (for example stats naming faults that did not take effect). */
  readonly summary?: string;
}

/** A lease overlap told in plain words. */
export interface OverlapFinding {
  readonly resource: string;
  readonly certain: boolean;
  readonly afterExpiry: boolean;
  readonly savedByFencing: boolean;
  readonly text: string;
}

/** A resource's final state told in plain words. */
export interface FinalStateFinding {
  readonly resource: string;
  readonly valid: Validity;
  readonly text: string;
}

const MAX_LINES = 20;
const MAX_DETAIL = 4000;

/** The sentence for one overlap. Pure. */
export function overlapSentence(o: LeaseOverlap): string {
  const a = `client ${o.first.process}`;
  const head = `Client ${o.first.process} (${tokenText(o.first.token)}) and client ${o.second.process} (${tokenText(o.second.token)}) both believed they held ${o.resource} from ${seconds(o.overlapStart)} to ${seconds(o.overlapEnd)}.`;
  const grant = o.certain
    ? " The lock service granted it twice before the first lease could have expired: a violation."
    : o.afterExpiry
      ? " The second grant came after the first lease could have expired, as leases allow."
      : " The two acquires were concurrent, so the order of the grants is not known.";
  // Without a token storage cannot fence: what it did is told, and judged by real time and its own condition (cas).
  const fenced = o.first.token !== undefined;
  const writes = {
    none: ` ${cap(a)} wrote nothing after the second grant.`,
    rejected: ` Storage rejected ${a}'s later writes${fenced ? ": fencing saved the data" : ""}.`,
    accepted: ` Storage accepted a write of ${a} after the second grant${fenced ? ": fencing did not save the data" : ", which carried no token to fence it by"}.`,
    indeterminate: ` A write of ${a} after the second grant has an unknown outcome.`,
  }[o.earlierWrites];
  return head + grant + writes;
}

/** "token 7", or "no token" for a lease of a service without fencing tokens. */
function tokenText(token: string | undefined): string {
  return token === undefined ? "no token" : `token ${token}`;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The overlap findings of a stored result. */
export function overlapFindings(result: LeaseOverlapResult | undefined): OverlapFinding[] {
  return (result?.overlaps ?? []).map((o) => ({
    resource: o.resource, certain: o.certain, afterExpiry: o.afterExpiry, savedByFencing: o.savedByFencing, text: overlapSentence(o),
  }));
}

/** The final-state findings of a stored result. */
export function finalStateFindings(result: FinalStateResult | undefined): FinalStateFinding[] {
  return (result?.resources ?? []).map((r) => ({
    resource: r.resource, valid: r.valid,
    text: r.message ?? `Final value of "${r.resource}" is ${r.finalValue === null ? "empty" : `"${String(r.finalValue)}"`}, written under token ${r.finalToken ?? "unknown"}: no acknowledged write was lost`,
  }));
}

function fencingLines(r: FencingResult): string[] {
  return [
    `Writes accepted by storage: ${r.writes}; stale writes: ${r.staleAttempts} (${r.staleRejected} rejected, ${r.violations.length} accepted)`,
    ...r.violations.map((v) => `Storage accepted "${v.value}" from client ${v.client} with token ${v.staleToken} after accepting token ${v.highestToken} (from client ${v.earlier.client}) at ${seconds(v.time)}`),
    ...(r.storageKnown ? [] : ["Storage recorded no writes although writes were acknowledged: the ground truth is missing"]),
    ...(r.tokenless > 0 && r.conditional === true
      ? [`Storage accepted ${r.tokenless} writes that carried no fencing token, each only against the version its writer read: fencing by token does not apply, the real-time checker judges them`]
      : r.tokenless > 0
        ? [`Storage accepted ${r.tokenless} writes that carried no fencing token: this lock service grants none, so storage cannot reject a stale writer and whether one wrote cannot be judged by token (the real-time checker may judge it)`]
        : []),
  ];
}

function realTimeLines(r: RealTimeResult): string[] {
  if (!r.applicable) return [`Not applicable: ${r.reason}`];
  return [
    `Stale writes accepted, judged by the harness's clock or by storage's own order: ${r.violations.length}; writes left undecided (sent after their lease certainly expired, with no certainly later write before them): ${r.undecided}`,
    ...(r.violations.length === 0 && r.undecided > 0 ? ["With writes left undecided, this checker cannot say that storage kept no stale write"] : []),
    ...movedClockLines(r),
    ...r.violations.map((v) => v.description.charAt(0).toUpperCase() + v.description.slice(1)),
  ];
}

/** The leases judged without their TTL because the nemesis moved a lock node's clock while they were live. */
function movedClockLines(r: RealTimeResult): string[] {
  const m = r.movedClock;
  if (m === undefined || m.leases === 0) return [];
  return [`Leases live while the nemesis moved the clock of lock node ${m.nodes.join(", ")}, judged without their TTL (only by what needs no lock clock): ${m.leases} of ${m.of}`];
}

function statsLines(r: StatsResult): string[] {
  const counts = Object.entries(r.byF).map(([f, c]) => `${f}: ${c.invoke} invoked, ${c.ok} ok, ${c.fail} fail, ${c.info} info`);
  return r.summary === undefined ? counts : [r.summary, ...counts];
}

function linesFor(name: string, results: Readonly<Record<string, CheckResult>>): string[] {
  const fencing = name === "fencing" ? fencingResult(results) : undefined;
  if (fencing) return fencingLines(fencing);
  const realTime = name === "real-time" ? realTimeResult(results) : undefined;
  if (realTime) return realTimeLines(realTime);
  const overlaps = name === "lease-overlap" ? leaseOverlapResult(results) : undefined;
  if (overlaps) return [`Lease overlaps: ${overlaps.overlaps.length}`, ...overlapFindings(overlaps).map((o) => o.text)];
  const final = name === "final-state" ? finalStateResult(results) : undefined;
  if (final) return finalStateFindings(final).map((f) => f.text);
  const stats = name === "stats" ? statsResult(results) : undefined;
  return stats ? statsLines(stats) : [];
}

/** Every checker's verdict, in the order of `results`. Pure. */
export function checkerVerdicts(results: Readonly<Record<string, CheckResult>>): CheckerVerdict[] {
  return Object.entries(results).map(([name, result]) => {
    const error = typeof result["error"] === "string" ? [`The checker failed: ${result["error"]}`] : [];
    const lines = [...error, ...linesFor(name, results)];
    const shown = lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), `and ${lines.length - MAX_LINES} more`] : lines;
    const json = JSON.stringify(result, null, 2) ?? "";
    const detail = json.length > MAX_DETAIL ? `${json.slice(0, MAX_DETAIL)}\n... (${json.length - MAX_DETAIL} more characters)` : json;
    const summary = typeof result["summary"] === "string" && result["summary"] !== "" ? { summary: result["summary"] } : {};
    const reason = typeof result.reason === "string" && result.reason !== "" ? { reason: result.reason } : {};
    const na = result.valid === "n/a" && reason.reason !== undefined && !lines.some((l) => l.includes(reason.reason)) ? [`Not applicable: ${reason.reason}`] : [];
    return { name, valid: result.valid, ...reason, lines: [...na, ...shown], detail, ...summary };
  });
}
