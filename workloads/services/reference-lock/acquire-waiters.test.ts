import { describe, expect, it } from "vitest";
import { createAcquireWaiters, type WaiterTimers } from "./acquire-waiters.js";
import { createLeaseTable } from "./lease-table.js";

/** Timers run by hand: `advance(ms)` fires every timer due by then, in order. */
function manualTimers(): WaiterTimers & { advance(ms: number): void; now(): number } {
  let now = 0;
  let next = 0;
  const due = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms) {
      due.set(++next, { at: now + ms, callback });
      return next;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const [id, timer] = [...due].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (id === undefined || !timer) break;
        due.delete(id);
        now = timer.at;
        timer.callback();
      }
      now = end;
    },
    now: () => now,
  };
}

async function settled<T>(promise: Promise<T>): Promise<T | "pending"> {
  return Promise.race([promise, new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), 0))]);
}

function setup() {
  const timers = manualTimers();
  const table = createLeaseTable({ nowMs: timers.now });
  const waiters = createAcquireWaiters(timers, 20);
  const acquire = (client: string, waitMs: number, ttlMs = 1_000) => waiters.acquire("r", waitMs, () => table.acquire("r", client, ttlMs));
  return { timers, table, waiters, acquire };
}

describe("acquire waiters", () => {
  it("answer a free lock at once, and a busy one at once when the acquire does not wait", async () => {
    const { acquire } = setup();
    expect(await acquire("a", 100)).toMatchObject({ kind: "granted", token: 1n });
    expect(await acquire("b", 0)).toMatchObject({ kind: "busy", holder: "a" });
  });

  it("grant a waiting acquire the moment the holder releases", async () => {
    const { acquire, table, waiters } = setup();
    await acquire("a", 0);
    const waiting = acquire("b", 100);
    expect(await settled(waiting)).toBe("pending");
    table.release("r", "a", 1n);
    waiters.wake("r");
    expect(await waiting).toMatchObject({ kind: "granted", token: 2n });
  });

  it("grant waiters in the order they arrived", async () => {
    const { acquire, table, waiters } = setup();
    await acquire("a", 0);
    const b = acquire("b", 100);
    const c = acquire("c", 100);
    table.release("r", "a", 1n);
    waiters.wake("r");
    expect(await b).toMatchObject({ kind: "granted", token: 2n });
    expect(await settled(c)).toBe("pending");
    table.release("r", "b", 2n);
    waiters.wake("r");
    expect(await c).toMatchObject({ kind: "granted", token: 3n });
  });

  it("grant a waiter once the holder's lease runs out, with no release", async () => {
    const { acquire, timers } = setup();
    await acquire("a", 0, 50);
    const waiting = acquire("b", 1_000);
    timers.advance(40);
    expect(await settled(waiting)).toBe("pending");
    timers.advance(20);
    expect(await waiting).toMatchObject({ kind: "granted", token: 2n });
  });

  it("answer busy with the holder at the wait's end", async () => {
    const { acquire, timers, waiters } = setup();
    await acquire("a", 0);
    const waiting = acquire("b", 100);
    timers.advance(100);
    expect(await waiting).toMatchObject({ kind: "busy", holder: "a" });
    waiters.wake("r");
  });
});
