import { describe, expect, it } from "vitest";
import { createRng, type Rng } from "../../core/index.js";
import { checkOperations } from "./checker.js";
import { ILLEGAL, UNKNOWN, type Model, type Operation } from "./model.js";
import { fencedRegisterModel, type FencedInput, type FencedOutput } from "./models/fenced-register.js";
import { kvMapModel, type KvInput, type KvOutput } from "./models/kv.js";
import { multiRegisterModel, type MicroOp } from "./models/multi-register.js";
import { registerModel, type RegisterInput, type RegisterOutput } from "./models/register.js";

/**
 * The truth by brute force: some order of all operations that keeps real
 * time (an operation that returned before another was called comes first)
 * and that the model accepts step by step.
 */
function linearizable<S, I, O>(model: Model<S, I, O>, ops: readonly Operation<I, O>[]): boolean {
  const placed = ops.map(() => false);
  const extend = (state: S, count: number): boolean => {
    if (count === ops.length) return true;
    return ops.some((op, i) => {
      if (placed[i] || ops.some((o, j) => !placed[j] && j !== i && o.return < op.call)) return false;
      const after = model.step(state, op.input, op.output);
      if (after === ILLEGAL) return false;
      placed[i] = true;
      const found = extend(after, count + 1);
      placed[i] = false;
      return found;
    });
  };
  return extend(model.init(), 0);
}

/** Call and return times for `n` operations: small integers with ties, or distinct positions; some never return. */
function times(rng: Rng, n: number): { call: number; return: number }[] {
  const distinct = rng.int(0, 1) === 1;
  const spots = Array.from({ length: 2 * n }, (_, t) => t);
  for (let k = spots.length - 1; k > 0; k--) {
    const j = rng.int(0, k);
    [spots[k], spots[j]] = [spots[j]!, spots[k]!];
  }
  return Array.from({ length: n }, (_, i) => {
    const call = distinct ? Math.min(spots[2 * i]!, spots[2 * i + 1]!) : rng.int(0, 8);
    const end = distinct ? Math.max(spots[2 * i]!, spots[2 * i + 1]!) : call + rng.int(0, 4);
    return { call, return: rng.int(0, 7) === 0 ? Infinity : end };
  });
}

/** Register operations with random outputs, most histories not linearizable; failed cas (output false) included. */
function registerHistory(rng: Rng): Operation<RegisterInput, RegisterOutput>[] {
  return times(rng, rng.int(2, 7)).map((t, clientId) => {
    const f = rng.int(0, 2) as 0 | 1 | 2;
    const input = { f, a: rng.int(0, 2), b: rng.int(0, 2) };
    const output = t.return === Infinity ? UNKNOWN : f === 0 ? rng.int(0, 2) : f === 2 ? rng.int(0, 1) === 1 : null;
    return { clientId, input, output, ...t };
  });
}

/** Register operations, half of them never returned, over two values: many pending twins (twins.ts). */
function pendingTwinsHistory(rng: Rng): Operation<RegisterInput, RegisterOutput>[] {
  return times(rng, rng.int(3, 7)).map((t, clientId) => {
    const f = rng.int(0, 2) as 0 | 1 | 2;
    const open = rng.int(0, 1) === 1;
    const input = { f, a: rng.int(0, 1), b: rng.int(0, 1) };
    const end = t.return === Infinity ? t.call + 1 : t.return;
    return open ? { clientId, input, output: UNKNOWN, call: t.call, return: Infinity } : { clientId, input, output: f === 0 ? rng.int(0, 1) : f === 2 ? rng.int(0, 1) === 1 : null, call: t.call, return: end };
  });
}

/** Multi-register transactions over keys x and y, each a read or a write per key. */
function multiHistory(rng: Rng): Operation<readonly MicroOp[], readonly MicroOp[]>[] {
  return times(rng, rng.int(2, 6)).map((t, clientId) => {
    const input = ["x", "y"].filter(() => rng.int(0, 2) > 0).map((key) => ({ write: rng.int(0, 1) === 1, key, value: rng.int(0, 2) }));
    return { clientId, input, output: t.return === Infinity ? UNKNOWN : input, ...t };
  });
}

/** Writes under tokens to fenced storage, accepted or rejected as stale, and reads of value and token. */
function fencedHistory(rng: Rng): Operation<FencedInput, FencedOutput>[] {
  return times(rng, rng.int(2, 7)).map((t, clientId) => {
    const write = rng.int(0, 1) === 1;
    const input = { write, resource: "r", value: rng.int(0, 2), token: BigInt(rng.int(1, 3)) };
    const read = { value: rng.int(0, 1) === 0 ? null : rng.int(0, 2), token: BigInt(rng.int(1, 3)) };
    const output = t.return === Infinity ? UNKNOWN : write ? rng.int(0, 2) > 0 : read;
    return { clientId, input, output, ...t };
  });
}

/** get, put and append on keys a and b, kept as one map (kv-nopartition). */
function kvHistory(rng: Rng): Operation<KvInput, KvOutput>[] {
  const values = ["", "x", "y", "xy"];
  return times(rng, rng.int(2, 7)).map((t, clientId) => {
    const f = rng.int(0, 2) as 0 | 1 | 2;
    const input = { f, key: rng.pick(["a", "b"]), value: f === 0 ? "" : rng.pick(["x", "y"]) };
    return { clientId, input, output: t.return === Infinity ? UNKNOWN : f === 0 ? rng.pick(values) : "", ...t };
  });
}

/** The same model with no operation called read-only: the search without its commitment. */
function uncommitted<S, I, O>(model: Model<S, I, O>): Model<S, I, O> {
  const { readOnly: _dropped, ...rest } = model;
  return rest;
}

describe("the search, against brute force on small random histories", () => {
  const cases: [string, (rng: Rng) => Operation<never, never>[], () => Model<never, never, never>][] = [
    ["register (reads and failed cas read-only)", registerHistory as never, () => registerModel(0) as never],
    ["register with many pending twins", pendingTwinsHistory as never, () => registerModel(0) as never],
    ["multi-register (read-only transactions)", multiHistory as never, () => multiRegisterModel({ x: 0, y: 0 }) as never],
    ["fenced-register (reads and writes rejected as stale)", fencedHistory as never, () => fencedRegisterModel() as never],
    ["kv-nopartition (gets)", kvHistory as never, () => kvMapModel("") as never],
  ];

  it.each(cases)("gives the true verdict on every %s history, with and without committing to reads", (_name, history, model) => {
    const verdicts = { ok: 0, illegal: 0 };
    for (let seed = 1; seed <= 1500; seed++) {
      const ops = history(createRng(seed));
      const truth = linearizable(model(), ops) ? "ok" : "illegal";
      expect({ seed, verdict: checkOperations(model(), ops).result }).toEqual({ seed, verdict: truth });
      expect({ seed, verdict: checkOperations(uncommitted(model()), ops).result }).toEqual({ seed, verdict: truth });
      verdicts[truth]++;
    }
    // Both verdicts are well represented, so neither side of the search goes untested.
    expect(verdicts.ok).toBeGreaterThan(100);
    expect(verdicts.illegal).toBeGreaterThan(100);
  }, 60_000);
});
