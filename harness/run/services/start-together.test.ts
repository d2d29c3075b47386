import { describe, expect, it } from "vitest";
import { startTogether } from "./start-together.js";

/** A promise settled from outside, and the order things happened in. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("startTogether", () => {
  it("resolves with every start's value, in argument order, without cutting", async () => {
    let cuts = 0;
    const values = await startTogether<[number, string]>([Promise.resolve(1), Promise.resolve("s")], async () => void cuts++);
    expect(values).toEqual([1, "s"]);
    expect(cuts).toBe(0);
  });

  it("cuts the others once, waits for them to settle, and rejects with the first failure in time", async () => {
    const lock = deferred<number>();
    const storage = deferred<void>();
    const events: string[] = [];
    const together = startTogether<[number, void]>([lock.promise, storage.promise], async () => {
      events.push("cut");
      lock.reject(new Error("lock start ended by the cut"));
    });
    let settled = false;
    void together.catch(() => undefined).finally(() => void (settled = true));
    storage.reject(new Error("storage failed"));
    await expect(together).rejects.toThrow("storage failed");
    expect(events).toEqual(["cut"]);
    expect(settled).toBe(true);
  });

  it("does not settle before a start that ignores the cut has settled", async () => {
    const slow = deferred<number>();
    const together = startTogether<[number, void]>([slow.promise, Promise.reject(new Error("storage failed"))], async () => undefined);
    let settled = false;
    void together.catch(() => undefined).finally(() => void (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    slow.resolve(1);
    await expect(together).rejects.toThrow("storage failed");
  });

  it("rejects with the failure even when the cut itself fails", async () => {
    await expect(startTogether<[void]>([Promise.reject(new Error("boom"))], async () => {
      throw new Error("cut failed");
    })).rejects.toThrow("boom");
  });
});
