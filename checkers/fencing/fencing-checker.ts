/**
 * Fencing: storage must never accept a write whose token is below one it
 * already accepted for the same key (divergence). This checker judges only
 * what storage did; the lock service's own tokens (repeated or going
 * backwards) are the lock-service checker's.
 */
import {
  compareTokens, type CheckInput, type CheckResult, type Checker, type CheckValidity, type StorageRecord,
} from "../../core/index.js";

/** A write storage decided on while a higher token was already accepted for its key. */
export interface StaleWrite {
  readonly key: string;
  /** The writer's token, below `highestToken`. */
  readonly staleToken: string;
  readonly highestToken: string;
  /** The writer's client id (its process id as a string). */
  readonly client: string;
  readonly value: string;
  /** Harness nanoseconds of the storage record. */
  readonly time: number;
  readonly accepted: boolean;
  /** The accepted write that carried `highestToken`. */
  readonly earlier: { readonly client: string; readonly value: string; readonly time: number };
}

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
  /** Writes storage accepted with no token at all (a lock service without fencing tokens). */
  readonly tokenless: number;
  /** True when every token-less write was decided by a version condition (CONDITIONAL_MODES): fencing does not apply to them. */
  readonly conditional: boolean;
  /** One line naming the first stale write and what storage did with it (empty when there was none). */
  readonly summary: string;
}

/**
 * Folds storage records into stale writes; pure, O(n). A write storage took
 * because the version its writer read was still current (`conditionHeld`)
 * is not stale, whatever its token: no update was lost, which is what a
 * conditional write promises. The token-order question is not asked of it
 * (it still raises the highest token when its own is higher).
 */
export function staleWrites(storage: readonly StorageRecord[]): { stale: StaleWrite[]; accepted: number } {
  const highest = new Map<string, StorageRecord>();
  const stale: StaleWrite[] = [];
  let accepted = 0;
  for (const rec of storage) {
    if (rec.accepted) accepted++;
    if (rec.token === null) continue;
    const top = highest.get(rec.key);
    if (rec.conditionHeld === true) {
      if (rec.accepted && (top?.token == null || compareTokens(rec.token, top.token) > 0)) highest.set(rec.key, rec);
      continue;
    }
    if (top?.token != null && compareTokens(rec.token, top.token) < 0) {
      stale.push({
        key: rec.key, staleToken: rec.token, highestToken: top.token, client: rec.client, value: rec.value,
        time: rec.time, accepted: rec.accepted, earlier: { client: top.client, value: top.value, time: top.time },
      });
    } else if (rec.accepted) {
      highest.set(rec.key, rec);
    }
  }
  return { stale, accepted };
}

/**
 * Storage modes that accept a write only if the version its writer read is
 * still current: for their token-less writes fencing by token does not
 * apply (the real-time checker judges them), so they leave no doubt here.
 */
export const CONDITIONAL_MODES: ReadonlySet<string> = new Set(["cas", "s3-conditional"]);

/** The fencing checker (name "fencing"). Pure. */
export function fencingChecker(): Checker<FencingResult> {
  return { name: "fencing", check: checkFencing };
}

/** Checks one run's storage records. */
export function checkFencing(input: CheckInput): FencingResult {
  const { stale, accepted } = staleWrites(input.storage);
  const violations = stale.filter((s) => s.accepted);
  const rejections = stale.filter((s) => !s.accepted);
  const acknowledged = count(input.history, (op) => op.f === "write" && op.type === "ok");
  const storageKnown = input.storage.length > 0 || acknowledged === 0;
  const tokenless = count(input.storage, (r) => r.accepted && r.token === null);
  const conditional = tokenless > 0 && input.storage.every((r) => r.token !== null || CONDITIONAL_MODES.has(r.mode));
  const found = violations.length > 0;
  const answer = found ? { valid: false as const } : fencingAnswer({ storageKnown, acknowledged, tokenless, conditional, accepted });
  return {
    ...answer, staleWritesJudged: answer.valid === true || answer.valid === false, storageKnown, violations,
    staleRejected: rejections.length, rejections, staleAttempts: stale.length,
    writes: accepted, tokenless, conditional, summary: fencingSummary(violations, rejections),
  };
}

/** How many of `xs` pass `test`, without keeping them (an hour's history holds a million acknowledged writes). */
function count<T>(xs: Iterable<T>, test: (x: T) => boolean): number {
  let n = 0;
  for (const x of xs) if (test(x)) n++;
  return n;
}

/**
 * The verdict when no violation was found. Without tokens nothing here can
 * tell a stale write from a current one: when no accepted write carried a
 * token the question does not arise for fencing ("n/a"); when only some
 * did, it arose and cannot be settled ("unknown"). Storage that decided
 * every token-less write by a condition of its own (the version the writer
 * read) leaves no doubt.
 */
function fencingAnswer(o: { storageKnown: boolean; acknowledged: number; tokenless: number; conditional: boolean; accepted: number }): { valid: CheckValidity; reason?: string } {
  if (!o.storageKnown) return { valid: "unknown", reason: `storage recorded no writes although ${o.acknowledged} writes were acknowledged: the ground truth is missing` };
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
