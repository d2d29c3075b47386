/**
 * A history held as columns instead of one object per op, so that an
 * hour-long run (about 10 million ops) fits a check's memory bound: typed
 * arrays for index, time, process, type, `f`, node and error (`f`, node and
 * errors interned), and each op's value as the UTF-8 bytes of its JSON in
 * one byte array per block of 65,536 ops. About 29 bytes a op plus its
 * value's JSON, where a parsed op takes 150 bytes and more.
 *
 * `get(i)` materializes op i as a plain `Op` equal to the one
 * appended (fields in the order index, time, process, type, f, value, node,
 * error). An op this form cannot hold exactly (another field, no value, a
 * process or index out of range, a 65,536th distinct `f` or node) is kept
 * as it was given. Pure: no I/O.
 */
import type { Op, OpError, OpType } from "./op.js";
import { Interned } from "./interned.js";

const BITS = 16;
const BLOCK = 1 << BITS;
const MASK = BLOCK - 1;
const TYPES: readonly OpType[] = ["invoke", "ok", "fail", "info"];
const FIELDS = new Set(["index", "time", "process", "type", "f", "value", "node", "error"]);
const NEMESIS = -1;
const CACHE = 1 << 12;

/** One block of 65,536 ops. */
class Block {
  readonly indexDelta = new Int32Array(BLOCK);
  readonly time = new Float64Array(BLOCK);
  readonly proc = new Int32Array(BLOCK);
  readonly type = new Uint8Array(BLOCK);
  readonly f = new Uint16Array(BLOCK);
  /** 0: no node; else 1 + the node's interned id. */
  readonly node = new Uint16Array(BLOCK);
  /** -1: no error; else the error's interned id. */
  readonly error = new Int32Array(BLOCK);
  /** Where each op's value JSON ends in `bytes` (it starts where the previous one ends). */
  readonly valueEnd = new Uint32Array(BLOCK);
  bytes = new Uint8Array(1 << 20);
  used = 0;
  /** Ops kept whole, by their position in the block. */
  kept: Map<number, Op> | undefined;
}

/** Ops in recording order, as columns; append-only. */
export class CompactHistory {
  readonly #blocks: Block[] = [];
  readonly #fs = new Interned(1 << 16);
  readonly #nodes = new Interned((1 << 16) - 1);
  readonly #errors = new Interned(2 ** 31 - 1);
  readonly #encoder = new TextEncoder();
  readonly #decoder = new TextDecoder();
  #length = 0;
  /** A direct-mapped cache of recently materialized ops: reading one op's fields one after another parses it once. */
  readonly #cached: (Op | undefined)[] = new Array<Op | undefined>(CACHE).fill(undefined);
  readonly #cachedAt = new Int32Array(CACHE).fill(-1);

  get length(): number {
    return this.#length;
  }

  /** Appends `op` (validated by the caller, as `parseOp` does). */
  append(op: Op): void {
    const at = this.#length++;
    const k = at & MASK;
    if (k === 0) this.#open();
    const b = this.#blocks[this.#blocks.length - 1] as Block;
    const start = b.used;
    if (!this.#encode(b, k, at, op)) {
      b.used = start;
      (b.kept ??= new Map()).set(k, op);
    }
    b.valueEnd[k] = b.used;
  }

  /**
   * Op `i` (0 <= i < length), materialized anew unless it was one of the
   * last few read: callers must not tell ops apart by identity.
   */
  get(i: number): Op {
    const slot = i & (CACHE - 1);
    if (this.#cachedAt[slot] === i) return this.#cached[slot] as Op;
    const op = this.#materialize(i);
    this.#cachedAt[slot] = i;
    this.#cached[slot] = op;
    return op;
  }

  #materialize(i: number): Op {
    const b = this.#blocks[i >>> BITS] as Block;
    const k = i & MASK;
    const kept = b.kept?.get(k);
    if (kept !== undefined) return kept;
    const start = k === 0 ? 0 : (b.valueEnd[k - 1] as number);
    const value: unknown = JSON.parse(this.#decoder.decode(b.bytes.subarray(start, b.valueEnd[k])));
    const p = b.proc[k] as number;
    const op: Record<string, unknown> = {
      index: i + (b.indexDelta[k] as number), time: b.time[k], process: p === NEMESIS ? "nemesis" : p,
      type: TYPES[b.type[k] as number], f: this.#fs.all[b.f[k] as number], value,
    };
    const node = b.node[k] as number;
    if (node !== 0) op.node = this.#nodes.all[node - 1];
    const error = b.error[k] as number;
    if (error !== -1) op.error = JSON.parse(this.#errors.all[error] as string) as OpError;
    return op as unknown as Op;
  }

  /** The process of op `i` without materializing it ("nemesis" or a number). */
  processOf(i: number): number | "nemesis" {
    const b = this.#blocks[i >>> BITS] as Block;
    const kept = b.kept?.get(i & MASK);
    if (kept !== undefined) return kept.process;
    const p = b.proc[i & MASK] as number;
    return p === NEMESIS ? "nemesis" : p;
  }

  /** True when op `i` is an invoke, without materializing it. */
  isInvoke(i: number): boolean {
    const b = this.#blocks[i >>> BITS] as Block;
    const kept = b.kept?.get(i & MASK);
    return kept !== undefined ? kept.type === "invoke" : b.type[i & MASK] === 0;
  }

  /** The time of op `i`, read from its column. */
  timeOf(i: number): number {
    const kept = this.#kept(i);
    return kept !== undefined ? kept.time : (this.#blocks[i >>> BITS] as Block).time[i & MASK] as number;
  }

  /** The type of op `i`, read from its column. */
  typeOf(i: number): OpType {
    const kept = this.#kept(i);
    return kept !== undefined ? kept.type : TYPES[(this.#blocks[i >>> BITS] as Block).type[i & MASK] as number] as OpType;
  }

  /** The `f` of op `i`, read from its column. */
  fOf(i: number): string {
    const kept = this.#kept(i);
    return kept !== undefined ? kept.f : this.#fs.all[(this.#blocks[i >>> BITS] as Block).f[i & MASK] as number] as string;
  }

  /** The node of op `i` (undefined when it has none), read from its column. */
  nodeOf(i: number): string | undefined {
    const kept = this.#kept(i);
    if (kept !== undefined) return kept.node;
    const node = (this.#blocks[i >>> BITS] as Block).node[i & MASK] as number;
    return node === 0 ? undefined : this.#nodes.all[node - 1];
  }

  /** The error of op `i` (undefined when it has none), parsed anew from its interned JSON. */
  errorOf(i: number): OpError | undefined {
    const kept = this.#kept(i);
    if (kept !== undefined) return "error" in kept ? kept.error : undefined;
    const error = (this.#blocks[i >>> BITS] as Block).error[i & MASK] as number;
    return error === -1 ? undefined : (JSON.parse(this.#errors.all[error] as string) as OpError);
  }

  /** The value of op `i`, parsed anew from its JSON (the op itself is not made). */
  valueOf(i: number): unknown {
    const kept = this.#kept(i);
    if (kept !== undefined) return kept.value;
    const b = this.#blocks[i >>> BITS] as Block;
    const k = i & MASK;
    const start = k === 0 ? 0 : (b.valueEnd[k - 1] as number);
    return JSON.parse(this.#decoder.decode(b.bytes.subarray(start, b.valueEnd[k]))) as unknown;
  }

  #kept(i: number): Op | undefined {
    return (this.#blocks[i >>> BITS] as Block).kept?.get(i & MASK);
  }

  /** Bytes held (columns and values), for benches. */
  bytes(): number {
    return this.#blocks.reduce((n, b) => n + 29 * BLOCK + b.bytes.byteLength, 0);
  }

  #open(): void {
    const last = this.#blocks[this.#blocks.length - 1];
    if (last !== undefined) last.bytes = last.bytes.slice(0, last.used);
    this.#blocks.push(new Block());
  }

  /** Writes `op` into the columns; false when it must be kept whole. */
  #encode(b: Block, k: number, at: number, op: Op): boolean {
    for (const key in op) if (!FIELDS.has(key)) return false;
    const delta = op.index - at;
    const p = op.process === "nemesis" ? NEMESIS : op.process;
    if (op.value === undefined || !(delta >= -(2 ** 31) && delta < 2 ** 31) || !(p >= NEMESIS && p < 2 ** 31)) return false;
    const f = this.#fs.id(op.f);
    const node = op.node === undefined ? 0 : this.#nodes.id(op.node) + 1;
    const error = "error" in op && op.error !== undefined ? this.#errors.id(JSON.stringify(op.error)) : -1;
    if (f === -1 || (op.node !== undefined && node === 0) || ("error" in op && op.error === undefined)) return false;
    b.indexDelta[k] = delta;
    b.time[k] = op.time;
    b.proc[k] = p;
    b.type[k] = TYPES.indexOf(op.type);
    b.f[k] = f;
    b.node[k] = node;
    b.error[k] = error;
    this.#write(b, JSON.stringify(op.value));
    return true;
  }

  #write(b: Block, json: string): void {
    for (;;) {
      const { read, written } = this.#encoder.encodeInto(json, b.bytes.subarray(b.used));
      if (read === json.length) {
        b.used += written;
        return;
      }
      const grown = new Uint8Array(b.bytes.length * 2);
      grown.set(b.bytes.subarray(0, b.used));
      b.bytes = grown;
    }
  }
}
