/**
 * Fencing: storage must never accept a write whose token is below one it
 * already accepted for the same key (divergence). This checker judges only
 * what storage did; the lock service's own tokens (repeated or going
 * backwards) are the lock-service checker's.
 */
import type { CheckInput, CheckResult, Checker, CheckValidity, StorageRecord } from "../../core/index.js";
import { rolledBack } from "../power-loss/index.js";
import { staleWrites, type StaleWrite } from "./stale-writes.js";

export type { StaleWrite } from "./stale-writes.js";

/** The fencing checker's verdict and evidence. */
export interface FencingResult extends CheckResult {
  /** "n/a" when no accepted write carried a token (`reason` says so); "unknown" when storage records are missing or only some writes carried one. */
  readonly valid: CheckValidity;
  readonly staleWritesJudged: boolean;
  /** False when no storage records exist although writes were acknowledged. */
  readonly storageKnown: boolean;
  /** Stale writes storage accepted, in storage order. */
  readonly violations: readonly StaleWrite[];
  /** How many stale writes storage rejected (no violation). */
  readonly staleRejected: number;
  /** The stale writes storage rejected, in storage order. */
  readonly rejections: readonly StaleWrite[];
  /** Stale writes seen at all: accepted plus rejected. */
  readonly staleAttempts: number;
  /** Writes storage accepted. */
  readonly writes: number;
  /** Accepted writes below the token of a write a power loss may have rolled back, with nothing to tell whether storage still held it (checkers/power-loss). */
  readonly undecided: number;
  /** Writes storage accepted with no token at all (a lock service without fencing tokens). */
  readonly tokenless: number;
  /** True when every token-less write storage accepted had its version condition hold (`conditionDecidedEvery`): fencing does not apply to them. */
  readonly conditional: boolean;
  /** One line naming the first stale write and what storage did with it (empty when there was none). */
  readonly summary: string;
}

/**
 * True when storage decided every token-less write it accepted by a version
 * condition that held (`conditionHeld: true`: the version its writer read
 * was still current): fencing by token does not apply to them (the
 * real-time checker judges them), so they leave no doubt here. A mode's
 * name is not enough: s3rver takes If-Match and ignores it, and its records
 * say `conditionHeld: false` of the writes it accepted anyway.
 */
export function conditionDecidedEvery(storage: readonly StorageRecord[]): boolean {
  for (const r of storage) if (r.accepted && r.token === null && r.conditionHeld !== true) return false;
  return true;
}

/** The fencing checker (name "fencing"). Pure. */
export function fencingChecker(): Checker<FencingResult> {
  return { name: "fencing", check: checkFencing };
}

/** Checks one run's storage records. */
export function checkFencing(input: CheckInput): FencingResult {
  const { stale, accepted, undecided } = staleWrites(input.storage, rolledBack(input.history, input.storage));
  const violations = stale.filter((s) => s.accepted);
  const rejections = stale.filter((s) => !s.accepted);
  const acknowledged = count(input.history, (op) => op.f === "write" && op.type === "ok");
  const storageKnown = input.storage.length > 0 || acknowledged === 0;
  const tokenless = count(input.storage, (r) => r.accepted && r.token === null);
  const conditional = tokenless > 0 && conditionDecidedEvery(input.storage);
  const found = violations.length > 0;
  const answer = found ? { valid: false as const } : fencingAnswer({ storageKnown, acknowledged, tokenless, conditional, accepted, undecided });
  return {
    ...answer, staleWritesJudged: answer.valid === true || answer.valid === false, storageKnown, violations,
    staleRejected: rejections.length, rejections, staleAttempts: stale.length,
    writes: accepted, undecided, tokenless, conditional, summary: fencingSummary(violations, rejections),
  };
}

/** How many of `xs` pass `test`, without keeping them (an hour's history holds a million acknowledged writes). */
function count<T>(xs: Iterable<T>, test: (x: T) => boolean): number {
  let n = 0;
  for (const x of xs) if (test(x)) n++;
  return n;
}

/**
 * The verdict when no violation was found. A write below one a power loss
 * may have taken back is undecided ("unknown"). Without tokens nothing here can
 * tell a stale write from a current one: when no accepted write carried a
 * token the question does not arise for fencing ("n/a"); when only some
 * did, it arose and cannot be settled ("unknown"). Storage that accepted
 * every token-less write only because its condition held (the version the
 * writer read was still current) leaves no doubt.
 */
function fencingAnswer(o: { storageKnown: boolean; acknowledged: number; tokenless: number; conditional: boolean; accepted: number; undecided: number }): { valid: CheckValidity; reason?: string } {
  if (!o.storageKnown) return { valid: "unknown", reason: `storage recorded no writes although ${o.acknowledged} writes were acknowledged: the ground truth is missing` };
  if (o.undecided > 0) {
    return { valid: "unknown", reason: `storage accepted ${o.undecided} write(s) below the token of a write never acknowledged that a power loss may have rolled back, and nothing tells whether it still held that write` };
  }
  if (o.tokenless === 0 || o.conditional) return { valid: true };
  if (o.tokenless === o.accepted) return { valid: "n/a", reason: `no fencing token: storage accepted ${o.tokenless} writes that carried none` };
  return { valid: "unknown", reason: `storage accepted ${o.tokenless} of ${o.accepted} writes with no fencing token: those cannot be judged by token` };
}

/** The first failure in one line: an accepted stale write; else the rejections that prevented divergence. */
function fencingSummary(accepted: readonly StaleWrite[], rejected: readonly StaleWrite[]): string {
  const first = accepted[0];
  if (first) {
    const more = accepted.length > 1 ? ` (${accepted.length} stale writes accepted in all)` : "";
    return `fencing: storage accepted a stale write on "${first.key}": token ${first.staleToken} after token ${first.highestToken} (client ${first.client}, "${first.value}")${more}`;
  }
  const kept = rejected[0];
  if (kept) {
    return `fencing: storage rejected ${rejected.length} stale write(s), the first with token ${kept.staleToken} after token ${kept.highestToken}: divergence prevented`;
  }
  return "";
}
