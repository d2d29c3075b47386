/**
 * storage.jsonl's records held as columns instead of one object per
 * record, so that an hour-long run's million records take about 40 bytes
 * each instead of about 270 (a parsed record's object and its seven
 * strings): time and tokens as doubles, node, key, client, mode and reason
 * interned, the value's UTF-8 bytes in one growing array. `get(i)`
 * materializes record i as a plain `StorageRecord` equal to the one
 * appended (fields in `StorageRecord`'s order, optional ones only when
 * present); `storageView` shows the records as a read-only array, each
 * element made when read. A record this form cannot hold exactly (another
 * field, a field of another type, a token not in canonical decimal) is
 * kept as it was given. Pure: no I/O.
 */
import { lazyArray } from "./compact-view.js";
import { Interned } from "./interned.js";
import type { StorageRecord } from "./storage-record.js";

const FIELDS = new Set(["time", "node", "key", "value", "token", "client", "accepted", "highest", "reason", "mode", "conditionHeld", "serial"]);
/** Flag bits: accepted, conditionHeld present, conditionHeld true, token null, highest null, serial (true; false is kept whole). */
const ACCEPTED = 1, CONDITION = 2, CONDITION_HELD = 4, NO_TOKEN = 8, NO_HIGHEST = 16, SERIAL = 32;

/** Records in storage order, as columns; append-only. */
export class CompactStorage {
  #n = 0;
  #time = new Float64Array(1024);
  #token = new Float64Array(1024);
  #highest = new Float64Array(1024);
  /** Interned ids: node, key, client, mode (16 bits each would do; 32 keep it simple), reason (-1: none). */
  #ids = new Int32Array(1024 * 5);
  #flags = new Uint8Array(1024);
  #valueEnd = new Uint32Array(1024);
  #bytes = new Uint8Array(1 << 16);
  #used = 0;
  readonly #kept = new Map<number, StorageRecord>();
  /** Node, key, client, mode and reason strings (no limit: a record's id is an Int32). */
  readonly #strings = new Interned(2 ** 31 - 1);
  readonly #encoder = new TextEncoder();
  readonly #decoder = new TextDecoder();

  get length(): number {
    return this.#n;
  }

  /** Appends `record` (as parsed from a storage.jsonl line). */
  append(record: StorageRecord): void {
    const i = this.#n++;
    if (i === this.#time.length) this.#grow();
    const start = this.#used;
    if (!this.#encode(i, record)) {
      this.#used = start;
      this.#kept.set(i, record);
    }
    this.#valueEnd[i] = this.#used;
  }

  /** Record `i` (0 <= i < length), made anew on each call. */
  get(i: number): StorageRecord {
    const kept = this.#kept.get(i);
    if (kept !== undefined) return kept;
    const flags = this.#flags[i] as number;
    const ids = this.#ids.subarray(i * 5, i * 5 + 5);
    const value = this.#decoder.decode(this.#bytes.subarray(i === 0 ? 0 : this.#valueEnd[i - 1], this.#valueEnd[i]));
    const record: Record<string, unknown> = {
      time: this.#time[i], node: this.#strings.all[ids[0] as number], key: this.#strings.all[ids[1] as number], value,
      token: flags & NO_TOKEN ? null : String(this.#token[i]), client: this.#strings.all[ids[2] as number], accepted: (flags & ACCEPTED) !== 0,
      highest: flags & NO_HIGHEST ? null : String(this.#highest[i]),
    };
    if ((ids[4] as number) !== -1) record["reason"] = this.#strings.all[ids[4] as number];
    record["mode"] = this.#strings.all[ids[3] as number];
    if (flags & CONDITION) record["conditionHeld"] = (flags & CONDITION_HELD) !== 0;
    if (flags & SERIAL) record["serial"] = true;
    return record as unknown as StorageRecord;
  }

  /** Writes `r` into the columns; false when it must be kept whole. */
  #encode(i: number, r: StorageRecord): boolean {
    for (const key in r) if (!FIELDS.has(key)) return false;
    const token = canonical(r.token);
    const highest = canonical(r.highest);
    const strings = [r.node, r.key, r.client, r.mode];
    if (typeof r.time !== "number" || strings.some((s) => typeof s !== "string") || typeof r.value !== "string") return false;
    if (typeof r.accepted !== "boolean" || token === undefined || highest === undefined) return false;
    if (!(r.reason === undefined || typeof r.reason === "string") || !(r.conditionHeld === undefined || typeof r.conditionHeld === "boolean")) return false;
    if (("reason" in r && r.reason === undefined) || ("conditionHeld" in r && r.conditionHeld === undefined)) return false;
    if ("serial" in r && r.serial !== true) return false;
    this.#time[i] = r.time;
    this.#token[i] = token;
    this.#highest[i] = highest;
    strings.forEach((s, k) => (this.#ids[i * 5 + k] = this.#strings.id(s)));
    this.#ids[i * 5 + 4] = r.reason === undefined ? -1 : this.#strings.id(r.reason);
    this.#flags[i] = (r.accepted ? ACCEPTED : 0) | (r.conditionHeld === undefined ? 0 : CONDITION) | (r.conditionHeld === true ? CONDITION_HELD : 0)
      | (r.token === null ? NO_TOKEN : 0) | (r.highest === null ? NO_HIGHEST : 0) | (r.serial === true ? SERIAL : 0);
    this.#write(r.value);
    return true;
  }

  #write(s: string): void {
    for (;;) {
      const { read, written } = this.#encoder.encodeInto(s, this.#bytes.subarray(this.#used));
      if (read === s.length) {
        this.#used += written;
        return;
      }
      this.#bytes = grown(this.#bytes, this.#bytes.length * 2);
    }
  }

  #grow(): void {
    const n = this.#time.length * 2;
    this.#time = grown(this.#time, n);
    this.#token = grown(this.#token, n);
    this.#highest = grown(this.#highest, n);
    this.#ids = grown(this.#ids, n * 5);
    this.#flags = grown(this.#flags, n);
    this.#valueEnd = grown(this.#valueEnd, n);
  }
}

/** The records of `compact` as a read-only array, each element made when read. */
export function storageView(compact: CompactStorage): readonly StorageRecord[] {
  return lazyArray(() => compact.length, (i) => compact.get(i));
}

/** A token kept as a number: NaN for null, undefined when it is not a canonical decimal safe integer (then the record is kept whole). */
function canonical(token: unknown): number | undefined {
  if (token === null) return Number.NaN;
  if (typeof token !== "string") return undefined;
  const n = Number(token);
  return Number.isSafeInteger(n) && String(n) === token ? n : undefined;
}

function grown<A extends Float64Array | Int32Array | Uint8Array | Uint32Array>(a: A, n: number): A {
  const b = new (a.constructor as new (n: number) => A)(n);
  b.set(a);
  return b;
}
