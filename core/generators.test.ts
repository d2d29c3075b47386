import { describe, expect, it } from "vitest";
import type { GenContext, Generator, OpRequest } from "./generator.js";
import { eachOnce, eachUntilOk } from "./generators.js";
import type { Op, ProcessId } from "./op.js";
import { createRng } from "./rng.js";

function ctx(free: ProcessId[]): GenContext {
  return { time: 0, freeProcesses: new Set(free), concurrency: 2, rng: createRng(1) };
}

/** Asks `gen` for its next op with `free` processes, and tells it the op was invoked. */
function next(gen: Generator, free: ProcessId[]): [OpRequest, Generator] {
  const result = gen.op(ctx(free));
  if (result === undefined || result === "pending") throw new Error(`no op: ${String(result)}`);
  const [request, after] = result;
  const invoke = { index: 0, time: 0, process: request.process, type: "invoke", f: request.f, value: request.value } as Op;
  return [request, after.update(ctx([]), invoke)];
}

function completion(process: ProcessId, type: "ok" | "fail" | "info"): Op {
  return { index: 1, time: 1, process, type, f: "read", value: { resource: "r1" } } as Op;
}

const reads = [{ f: "read", value: { resource: "r1" } }, { f: "read", value: { resource: "r2" } }];

describe("eachUntilOk", () => {
  it("sends each request once to a free process, and is done when each returned ok", () => {
    let gen = eachUntilOk(reads, 2);
    let first: OpRequest;
    let second: OpRequest;
    [first, gen] = next(gen, [0, 1]);
    [second, gen] = next(gen, [1]);
    expect([first.process, first.value, second.process, second.value]).toEqual([0, { resource: "r1" }, 1, { resource: "r2" }]);
    expect(gen.op(ctx([]))).toBe("pending");
    gen = gen.update(ctx([]), completion(0, "ok")).update(ctx([]), completion(1, "ok"));
    expect(gen.op(ctx([0, 1]))).toBeUndefined();
  });

  it("sends a request that did not return ok again, to another process, until its tries are spent", () => {
    let gen = eachUntilOk(reads.slice(0, 1), 2);
    let sent: OpRequest;
    [, gen] = next(gen, [0]);
    gen = gen.update(ctx([]), completion(0, "info"));
    // Process 0 retired with its info; process 2 took its thread.
    [sent, gen] = next(gen, [2]);
    expect([sent.process, sent.value]).toEqual([2, { resource: "r1" }]);
    gen = gen.update(ctx([]), completion(2, "fail"));
    expect(gen.op(ctx([2]))).toBeUndefined();
  });

  it("waits for a request in flight before it is done: its answer may send it again", () => {
    let gen = eachUntilOk(reads.slice(0, 1), 2);
    [, gen] = next(gen, [0]);
    expect(gen.op(ctx([1]))).toBe("pending");
  });

  it("ignores completions of processes it did not send to", () => {
    let gen = eachUntilOk(reads.slice(0, 1), 2);
    [, gen] = next(gen, [0]);
    gen = gen.update(ctx([]), completion(5, "info"));
    expect(gen.op(ctx([1]))).toBe("pending");
  });
});

describe("eachOnce", () => {
  it("tries each request once, whatever its outcome", () => {
    let gen = eachOnce(reads.slice(0, 1));
    [, gen] = next(gen, [0]);
    gen = gen.update(ctx([]), completion(0, "info"));
    expect(gen.op(ctx([1]))).toBeUndefined();
  });
});
