/**
 * The preflight's first lock: a service that refuses it at first (a cluster
 * still settling, a late answer) is tried again within the budget; one that
 * keeps refusing fails the run naming its last error; an adapter at fault
 * (our own error) is not tried again.
 */
import { describe, expect, it } from "vitest";
import { HarnessError } from "../../core/index.js";
import type { LoadedLockAdapter } from "./load-lock-adapter.js";
import { preflight } from "./lock-probe.js";

/** An adapter whose acquire answers with each of `answers` in turn (the last one from then on). */
function adapterAnswering(answers: ReadonlyArray<Error | string>): { loaded: LoadedLockAdapter; acquires: () => number } {
  let acquires = 0;
  const client = {
    acquire: async () => {
      const answer = answers[Math.min(acquires++, answers.length - 1)] as Error | string;
      if (answer instanceof Error) throw answer;
      return { token: answer };
    },
    release: async () => undefined,
    close: async () => undefined,
  };
  const loaded = { name: "test-lock", builtIn: true, adapter: {}, connect: async () => client } as unknown as LoadedLockAdapter;
  return { loaded, acquires: () => acquires };
}

describe("the preflight's first lock", () => {
  it("is tried again while the service refuses it, and its token is the first granted", async () => {
    const { loaded, acquires } = adapterAnswering([new Error("no answer after 2000 ms"), new Error("no leader yet"), "7"]);
    expect(await preflight(loaded, ["10.0.0.1:7001"], 1_000, 5_000)).toEqual({ token: "7" });
    expect(acquires()).toBe(3);
  });

  it("fails the run with the service's last refusal and how long it was tried, once the budget is spent", async () => {
    const { loaded, acquires } = adapterAnswering([new Error("lease refused\nstack")]);
    const failed = preflight(loaded, ["10.0.0.1:7001"], 1_000, 500);
    await expect(failed).rejects.toThrow(/^Cannot take a first lock from "test-lock": lease refused \(\d+ tries over 0.5 s\)$/);
    await expect(failed).rejects.toMatchObject({ code: "runtime.node-start-failed" });
    expect(acquires()).toBeGreaterThanOrEqual(2);
  });

  it("is not tried again when the adapter is at fault", async () => {
    const { loaded, acquires } = adapterAnswering([new HarnessError("adapter.invalid", "acquire returned no token")]);
    await expect(preflight(loaded, ["10.0.0.1:7001"], 1_000, 5_000)).rejects.toThrow("acquire returned no token");
    expect(acquires()).toBe(1);
  });
});
