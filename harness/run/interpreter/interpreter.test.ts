import { describe, expect, it } from "vitest";
import {
  anyOf,
  createRng,
  createSystemClock,
  eachOnce,
  nodeId,
  type Client,
  type Generator,
  type ClientOutcome,
  type Cluster,
  type Invoke,
  type Op,
} from "../../../core/index.js";
import { pauseHolderGenerator, pauseNemesis } from "../../../nemesis/index.js";
import { lockWriteGenerator } from "../../../workloads/index.js";
import { createFakeRuntime } from "../../runtime/index.js";
import { createInterpreter, type InterpreterDeps } from "./interpreter.js";

type Behaviour = (op: Invoke, signal: AbortSignal) => Promise<ClientOutcome>;

async function setup(behaviour: Behaviour, opts: { concurrency?: number; signal?: AbortSignal; opTimeoutMs?: number } = {}) {
  const runtime = createFakeRuntime();
  const cluster: Cluster = await runtime.start([{ id: nodeId("c1"), role: "client" }, { id: nodeId("c2"), role: "client" }], { runId: "t" });
  const history: Op[] = [];
  const opened: number[] = [];
  const stops: number[] = [];
  const deps: InterpreterDeps = {
    concurrency: opts.concurrency ?? 1,
    clock: createSystemClock(),
    rng: createRng(1),
    opTimeoutMs: opts.opTimeoutMs ?? 1000,
    signal: opts.signal ?? new AbortController().signal,
    cluster,
    nemesis: pauseNemesis(),
    nodeOf: (t) => `c${t + 1}`,
    record: (op) => history.push(op),
    async openClient(_thread, process): Promise<Client> {
      opened.push(process);
      return { invoke: behaviour, stopWaiting: () => void stops.push(process), close: async () => undefined };
    },
  };
  return { interpreter: await createInterpreter(deps), history, opened, runtime, stops };
}

const reads = (n: number) => eachOnce(Array.from({ length: n }, () => ({ f: "read", value: { resource: "r1" } })));
const okAfter = (ms: number): Behaviour => (op) => new Promise((r) => setTimeout(() => r({ type: "ok", value: op.value }), ms));

describe("the interpreter", () => {
  it("records each invocation and its completion, in index order, until the generator is exhausted", async () => {
    const { interpreter, history } = await setup(okAfter(1));
    await interpreter.run(reads(3));
    expect(history.map((o) => o.type)).toEqual(["invoke", "ok", "invoke", "ok", "invoke", "ok"]);
    expect(history.map((o) => o.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(history.every((o, i) => i === 0 || o.time >= history[i - 1]!.time)).toBe(true);
    expect(history[0]).toMatchObject({ process: 0, f: "read", node: "c1" });
  });

  it("asks only the clients with an op in flight to stop waiting", async () => {
    let release = (): void => undefined;
    const { interpreter, stops } = await setup(() => new Promise((r) => (release = () => r({ type: "fail" }))), { concurrency: 2 });
    const running = interpreter.run(reads(1));
    await new Promise((r) => setTimeout(r, 20));
    interpreter.stopWaiting();
    expect(stops).toEqual([0]);
    release();
    await running;
    interpreter.stopWaiting();
    expect(stops).toEqual([0]);
  });

  it("records a client that throws as info and retires its process", async () => {
    let calls = 0;
    const { interpreter, history, opened } = await setup(async (op) => {
      if (calls++ === 0) throw new Error("connection reset");
      return { type: "ok", value: op.value };
    });
    await interpreter.run(reads(2));
    expect(history[1]).toMatchObject({ type: "info", process: 0, error: { code: "client-error", definite: false } });
    expect(history[2]).toMatchObject({ type: "invoke", process: 1 });
    expect(opened).toEqual([0, 1]);
  });

  it("turns an op that outlives the op timeout into info with a timeout error", async () => {
    const { interpreter, history } = await setup(() => new Promise(() => undefined), { opTimeoutMs: 30 });
    await interpreter.run(reads(1));
    expect(history[1]).toMatchObject({ type: "info", error: { code: "timeout" } });
  });

  it("records ops in flight as info when the run is aborted", async () => {
    const controller = new AbortController();
    const { interpreter, history } = await setup(() => new Promise(() => undefined), { signal: controller.signal, opTimeoutMs: 60_000 });
    setTimeout(() => controller.abort(), 20);
    await interpreter.run(reads(1));
    expect(history.map((o) => o.type)).toEqual(["invoke", "info"]);
    expect(history[1]).toMatchObject({ error: { code: "aborted" } });
  });

  it("pauses a lease holder's node before the holder's next op is sent", async () => {
    const { interpreter, history, runtime } = await setup(async (op) => ({ type: "ok", value: { ...(op.value as object), token: "1" } }), {
      concurrency: 2,
    });
    const clients = lockWriteGenerator({ concurrency: 2, resources: ["r1"], seed: 1 });
    const nemesis = pauseHolderGenerator({ intervalMs: 0, startNs: 0, durationMs: 20 });
    await interpreter.run(stopAfter(anyOf(nemesis, clients), () => history.length > 40));
    const firstAcquire = history.find((o) => o.type === "ok" && o.f === "acquire")!;
    const pause = history.find((o) => o.process === "nemesis" && o.type === "invoke" && o.f === "pause")!;
    const holderNext = history.find((o) => o.type === "invoke" && o.process === firstAcquire.process && o.index > firstAcquire.index)!;
    expect(pause.index).toBeLessThan(holderNext.index);
    expect(pause.value).toMatchObject({ nodes: [firstAcquire.node], reason: "holder" });
    expect(runtime.calls.some((c) => c.kind === "pause" && c.node === firstAcquire.node)).toBe(true);
  });
});

/** Wraps a generator so that it ends once `done()` holds. */
function stopAfter(gen: Generator, done: () => boolean): Generator {
  return {
    op(ctx) {
      if (done()) return undefined;
      const result = gen.op(ctx);
      return Array.isArray(result) ? [result[0], stopAfter(result[1], done)] : result;
    },
    update: (ctx, e) => stopAfter(gen.update(ctx, e), done),
  };
}
