import { describe, expect, it } from "vitest";
import { createManualClock, createRng } from "../../core/index.js";
import {
  checkEvents,
  checkOperations,
  generateKvHistory,
  generateRegisterHistory,
  modelSpec,
  registerModel,
  toOperations,
  UNKNOWN,
  type Event,
  type JepsenOp,
  type Operation,
} from "./index.js";

const cas = modelSpec("cas-register");
const kv = modelSpec("kv");

function check(spec: ReturnType<typeof modelSpec>, ops: JepsenOp[], opts = {}) {
  return checkOperations(spec.model(undefined), toOperations(spec, ops, "gen"), opts);
}

describe("checkOperations", () => {
  it("finds a linearization of overlapping writes and a read", () => {
    const m = registerModel(0);
    const ops: Operation<{ f: 0 | 1 | 2; a: number | null; b: null }, number | null>[] = [
      { clientId: 0, input: { f: 1, a: 1, b: null }, call: 0, output: null, return: 10 },
      { clientId: 1, input: { f: 1, a: 2, b: null }, call: 1, output: null, return: 9 },
      { clientId: 2, input: { f: 0, a: null, b: null }, call: 11, output: 1, return: 12 },
    ];
    const r = checkOperations(m, ops);
    expect(r.result).toBe("ok");
    expect(r.info?.partitions[0]?.outcome.linearization).toEqual([1, 0, 2]);
  });

  it("rejects a read that must precede a later write it observed", () => {
    const m = registerModel(0);
    const r = checkOperations(m, [
      { clientId: 0, input: { f: 0, a: null, b: null }, call: 0, output: 5, return: 1 },
      { clientId: 1, input: { f: 1, a: 5, b: null }, call: 2, output: null, return: 3 },
    ]);
    expect(r.result).toBe("illegal");
    expect(r.info?.partitions[0]?.outcome.stuck).toContain(0);
  });

  it("gives unknown when the deadline has passed", () => {
    const clock = createManualClock();
    const ops = generateRegisterHistory({ ops: 20_000, clients: 10, rng: createRng(7) });
    clock.advance(1);
    const r = check(cas, ops, { timeoutMs: 0, clock });
    expect(r.result).toBe("unknown");
    expect(r.info?.partitions[0]?.outcome.reason).toBe("timeout");
  });

  it("gives unknown when the memory bound is reached", () => {
    const ops = generateRegisterHistory({ ops: 20_000, clients: 10, rng: createRng(8) });
    const r = check(cas, ops, { maxMemoryBytes: 1000 });
    expect(r.result).toBe("unknown");
    expect(r.info?.partitions[0]?.outcome.reason).toBe("memory");
  });

  it("gives unknown when the signal is aborted", () => {
    const ops = generateRegisterHistory({ ops: 20_000, clients: 10, rng: createRng(9) });
    const r = check(cas, ops, { signal: AbortSignal.abort() });
    expect(r.result).toBe("unknown");
  });
});

describe("checkEvents", () => {
  it("pairs calls and returns by id and leaves unreturned calls open", () => {
    const events: Event<{ f: 0 | 1 | 2; a: number | null; b: null }, number | null>[] = [
      { kind: "call", clientId: 0, id: 0, value: { f: 1, a: 3, b: null } },
      { kind: "call", clientId: 1, id: 1, value: { f: 0, a: null, b: null } },
      { kind: "return", clientId: 1, id: 1, value: 3 },
    ];
    expect(checkEvents(registerModel(0), events).result).toBe("ok");
    expect(checkEvents(registerModel(0), [...events, { kind: "return", clientId: 0, id: 0, value: UNKNOWN }]).result).toBe("ok");
  });
});

describe("properties", () => {
  it.each([1, 2, 3, 4, 5])("a history produced by a real execution is ok (seed %i)", (seed) => {
    const rng = createRng(seed);
    expect(check(cas, generateRegisterHistory({ ops: 300, clients: 5, rng })).result).toBe("ok");
    expect(check(kv, generateKvHistory({ ops: 300, clients: 5, keys: 4, rng })).result).toBe("ok");
  });

  it.each([1, 2, 3, 4, 5])("the same history with a read of a never-written value is illegal (seed %i)", (seed) => {
    const rng = createRng(seed);
    const ops = generateRegisterHistory({ ops: 300, clients: 5, rng });
    const at = rng.int(0, ops.length);
    const bogus: JepsenOp[] = [
      { process: 99, type: "invoke", f: "read", value: null, line: 0 },
      { process: 99, type: "ok", f: "read", value: 42, line: 0 },
    ];
    expect(check(cas, [...ops.slice(0, at), ...bogus, ...ops.slice(at)]).result).toBe("illegal");
  });
});
