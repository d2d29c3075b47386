/**
 * The stale writes in storage's records: a write decided while storage held
 * a higher token for its key. Storage's records are walked in log order,
 * which is each node's order of decisions, keeping per key the highest
 * token storage accepted. A write a power loss may have rolled back
 * (checkers/power-loss) counts only while the node still held it: against a
 * later write it is judged stale only when that write's node held it
 * ("present"), forgotten once the node is shown to have lost it ("absent"),
 * and a write below it whose node may or may not have held it is left
 * undecided, never stale. A write storage took because the version its
 * writer read was still current (`conditionHeld`) is not stale, whatever
 * its token: no update was lost, which is what a conditional write
 * promises. The token-order question is not asked of it (it still raises
 * its key's highest token when its own is higher).
 */
import { compareTokens, type StorageRecord } from "../../core/index.js";
import type { RolledBack } from "../power-loss/index.js";

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

/** What the fold found. */
export interface StaleWriteFold {
  readonly stale: StaleWrite[];
  /** Writes storage accepted. */
  readonly accepted: number;
  /** Accepted writes below the token of a write a power loss may have rolled back, where nothing tells whether storage still held it. */
  readonly undecided: number;
}

/** Per key: the highest certain accepted write, and the in-doubt accepted writes above it. */
interface KeyTop {
  top: number | undefined;
  doubtful: number[];
}

/** Folds storage records into stale writes; pure, O(n) (times the few in-doubt writes of a key). */
export function staleWrites(storage: readonly StorageRecord[], doubt: RolledBack): StaleWriteFold {
  const keys = new Map<string, KeyTop>();
  const stale: StaleWrite[] = [];
  let accepted = 0;
  let undecided = 0;
  for (let i = 0; i < storage.length; i++) {
    const rec = storage[i] as StorageRecord;
    if (rec.accepted) accepted++;
    if (rec.token === null) continue;
    const k = keys.get(rec.key) ?? { top: undefined, doubtful: [] };
    keys.set(rec.key, k);
    if (rec.conditionHeld === true) {
      if (rec.accepted && !below(storage, i, k.top)) raise(storage, k, i, doubt.inDoubt(i));
      continue;
    }
    const judged = judge(storage, k, i, doubt);
    if (judged.higher !== undefined) stale.push(staleWrite(rec, storage[judged.higher] as StorageRecord));
    else if (judged.unknown && rec.accepted) undecided++;
    if (judged.higher === undefined && rec.accepted) raise(storage, k, i, doubt.inDoubt(i));
  }
  return { stale, accepted, undecided };
}

/** Record `i` against its key's writes: the higher one storage held when it decided, else whether one may have been. */
function judge(storage: readonly StorageRecord[], k: KeyTop, i: number, doubt: RolledBack): { higher: number | undefined; unknown: boolean } {
  const token = (storage[i] as StorageRecord).token as string;
  const above = (j: number | undefined): boolean => j !== undefined && compareTokens(token, (storage[j] as StorageRecord).token as string) < 0;
  if (above(k.top)) return { higher: k.top, unknown: false };
  let unknown = false;
  for (const d of [...k.doubtful]) {
    if (!above(d)) continue;
    const presence = doubt.presentAt(d, i);
    if (presence === "present") return { higher: d, unknown: false };
    if (presence === "absent") k.doubtful.splice(k.doubtful.indexOf(d), 1);
    else unknown = true;
  }
  return { higher: undefined, unknown };
}

/** True when record `i`'s token is below record `j`'s (false without a `j`). */
function below(storage: readonly StorageRecord[], i: number, j: number | undefined): boolean {
  return j !== undefined && compareTokens((storage[i] as StorageRecord).token as string, (storage[j] as StorageRecord).token as string) < 0;
}

/** Accepted record `i`, not stale, raises its key's top (or joins the in-doubt writes above it). */
function raise(storage: readonly StorageRecord[], k: KeyTop, i: number, inDoubt: boolean): void {
  const token = (storage[i] as StorageRecord).token as string;
  if (inDoubt) {
    k.doubtful.push(i);
    return;
  }
  k.top = i;
  k.doubtful = k.doubtful.filter((d) => compareTokens((storage[d] as StorageRecord).token as string, token) > 0);
}

function staleWrite(rec: StorageRecord, top: StorageRecord): StaleWrite {
  return {
    key: rec.key, staleToken: rec.token as string, highestToken: top.token as string, client: rec.client, value: rec.value,
    time: rec.time, accepted: rec.accepted, earlier: { client: top.client, value: top.value, time: top.time },
  };
}
