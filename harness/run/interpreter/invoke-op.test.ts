import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import type { Client, Clock, Invoke } from "../../../core/index.js";
import { invokeClient } from "./invoke-op.js";

const clock = { nowNs: () => 7, wallMs: () => 0, sleep: async () => undefined } as unknown as Clock;
const invoke = { index: 0, time: 1, process: 0, type: "invoke", f: "read", value: { resource: "r" } } as Invoke;

function client(invokeOp: Client["invoke"]): Client {
  return { invoke: invokeOp, close: async () => undefined };
}

describe("invokeClient", () => {
  it("completes with the client's outcome and leaves no listener on the run's signal", async () => {
    const run = new AbortController();
    const done = await invokeClient(client(async () => ({ type: "ok", value: 3 })), invoke, { clock, signal: run.signal, opTimeoutMs: 1_000 });
    expect(done).toMatchObject({ type: "ok", value: 3, process: 0, f: "read", time: 7 });
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });

  it("turns a client that throws before answering into info with a client error", async () => {
    const thrower = client(() => {
      throw new Error("no pipe");
    });
    const done = await invokeClient(thrower, invoke, { clock, signal: new AbortController().signal, opTimeoutMs: 1_000 });
    expect(done).toMatchObject({ type: "info", error: { code: "client-error", message: "no pipe", definite: false } });
  });

  it("gives up at the op timeout, aborting the signal the client was given", async () => {
    let given: AbortSignal | undefined;
    const silent = client((_op, signal) => ((given = signal), new Promise(() => undefined)));
    const done = await invokeClient(silent, invoke, { clock, signal: new AbortController().signal, opTimeoutMs: 20 });
    expect(done).toMatchObject({ type: "info", error: { code: "timeout" } });
    expect(given?.aborted).toBe(true);
  });

  it("gives up at once when the run is aborted, and an answer arriving later changes nothing", async () => {
    const run = new AbortController();
    let answer: (outcome: { type: "ok" }) => void = () => undefined;
    const late = client(() => new Promise((resolve) => (answer = resolve)));
    const pending = invokeClient(late, invoke, { clock, signal: run.signal, opTimeoutMs: 60_000 });
    run.abort();
    answer({ type: "ok" });
    expect(await pending).toMatchObject({ type: "info", error: { code: "aborted" } });
  });
});
