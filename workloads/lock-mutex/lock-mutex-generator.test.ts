import { describe, expect, it } from "vitest";
import { createRng, type Completion, type GenContext, type Generator, type Invoke, type OpRequest, type ProcessId } from "../../core/index.js";
import { lockMutexGenerator } from "./lock-mutex-generator.js";

const MS = 1e6;

function ctx(free: ProcessId[], time = 0): GenContext {
  return { time, freeProcesses: new Set(free), concurrency: 2, rng: createRng(1) };
}

function ask(gen: Generator, free: ProcessId[], time = 0): [OpRequest, Generator] {
  const r = gen.op(ctx(free, time));
  if (r === undefined || r === "pending") throw new Error(`expected an op, got ${String(r)}`);
  return [r[0], r[1]];
}

function invokeAndComplete(gen: Generator, req: OpRequest, type: Completion["type"], time: number): Generator {
  const invoke = { ...req, index: 0, time, type: "invoke" } as Invoke;
  const done = { index: 1, time, process: req.process, f: req.f, type, value: req.value, error: { code: "x", message: "x", definite: true } } as Completion;
  return gen.update(ctx([]), invoke).update(ctx([]), done);
}

describe("lockMutexGenerator", () => {
  it("releases the hold's length after the acquire's ok, and not before", () => {
    let gen = lockMutexGenerator({ concurrency: 2, resources: ["r1"], seed: 3, holdMs: () => 250 });
    const [acquire, next] = ask(gen, [0]);
    expect(acquire).toMatchObject({ f: "acquire", value: { resource: "r1" } });
    gen = invokeAndComplete(next, acquire, "ok", 1000 * MS);
    const [early] = ask(gen, [0], 1100 * MS);
    expect(early).toMatchObject({ f: "release", time: 1250 * MS });
    const [due] = ask(gen, [0], 1250 * MS);
    expect(due.f).toBe("release");
    expect(due.time).toBeUndefined();
  });

  it("gives a free thread's acquire before another thread's release that is not yet due", () => {
    let gen = lockMutexGenerator({ concurrency: 2, resources: ["r1", "r2"], seed: 3, holdMs: () => 500 });
    const [acquire, next] = ask(gen, [0]);
    gen = invokeAndComplete(next, acquire, "ok", 0);
    expect(ask(gen, [0, 1], 10 * MS)[0]).toMatchObject({ process: 1, f: "acquire" });
  });

  it("starts a new cycle after a failed acquire and after a release", () => {
    let gen = lockMutexGenerator({ concurrency: 2, resources: ["r1"], seed: 3, holdMs: () => 0 });
    const [acquire, next] = ask(gen, [0]);
    gen = invokeAndComplete(next, acquire, "fail", 0);
    const [again, after] = ask(gen, [0]);
    expect(again.f).toBe("acquire");
    gen = invokeAndComplete(after, again, "ok", 5 * MS);
    const [release, rest] = ask(gen, [0], 5 * MS);
    gen = invokeAndComplete(rest, release, "ok", 6 * MS);
    expect(ask(gen, [0], 6 * MS)[0].f).toBe("acquire");
  });
});
