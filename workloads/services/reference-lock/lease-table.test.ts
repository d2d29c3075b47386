import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLeaseTable } from "./lease-table.js";
import { appendGrant, loadLockState, openLockStateJournal, saveLockState } from "./lock-state-file.js";

function manualClock(start = 1_000): { nowMs: () => number; advance: (ms: number) => void } {
  let now = start;
  return { nowMs: () => now, advance: (ms) => void (now += ms) };
}

describe("lease table", () => {
  it("grants a free resource with token 1 and refuses another client while the lease is live", () => {
    const clock = manualClock();
    const table = createLeaseTable({ nowMs: clock.nowMs });
    expect(table.acquire("r", "a", 100)).toEqual({ kind: "granted", token: 1n, ttlMs: 100, grantedAtMs: 1_000 });
    clock.advance(40);
    expect(table.acquire("r", "b", 100)).toEqual({ kind: "busy", holder: "a", token: 1n, remainingMs: 60 });
  });

  it("treats a re-acquire by the holder as busy", () => {
    const table = createLeaseTable({ nowMs: manualClock().nowMs });
    table.acquire("r", "a", 100);
    expect(table.acquire("r", "a", 100).kind).toBe("busy");
  });

  it("grants the next token once the lease expires on the server clock", () => {
    const clock = manualClock();
    const table = createLeaseTable({ nowMs: clock.nowMs });
    table.acquire("r", "a", 100);
    clock.advance(99);
    expect(table.acquire("r", "b", 100).kind).toBe("busy");
    clock.advance(1);
    expect(table.acquire("r", "b", 100)).toMatchObject({ kind: "granted", token: 2n });
  });

  it("expires a lease early when the server clock jumps forward", () => {
    const clock = manualClock();
    const table = createLeaseTable({ nowMs: clock.nowMs });
    table.acquire("r", "a", 10_000);
    clock.advance(60_000);
    expect(table.acquire("r", "b", 10_000)).toMatchObject({ kind: "granted", token: 2n });
  });

  it("keeps tokens per resource", () => {
    const table = createLeaseTable({ nowMs: manualClock().nowMs });
    expect(table.acquire("x", "a", 10)).toMatchObject({ token: 1n });
    expect(table.acquire("y", "a", 10)).toMatchObject({ token: 1n });
  });

  it("releases only for the holder of that token, and never reuses the released token", () => {
    const table = createLeaseTable({ nowMs: manualClock().nowMs });
    table.acquire("r", "a", 100);
    expect(table.release("r", "b", 1n)).toEqual({ kind: "not-holder", holder: "a", token: 1n });
    expect(table.release("r", "a", 2n)).toEqual({ kind: "not-holder", holder: "a", token: 1n });
    expect(table.release("r", "a", 1n)).toEqual({ kind: "released" });
    expect(table.release("r", "a", 1n)).toEqual({ kind: "not-holder" });
    expect(table.acquire("r", "b", 100)).toMatchObject({ kind: "granted", token: 2n });
  });

  it("refuses to release an expired lease", () => {
    const clock = manualClock();
    const table = createLeaseTable({ nowMs: clock.nowMs });
    table.acquire("r", "a", 100);
    clock.advance(100);
    expect(table.release("r", "a", 1n)).toEqual({ kind: "not-holder" });
  });
});

describe("lock state file", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), "lease-table-"));
    dirs.push(dir);
    return dir;
  }

  it("loads an empty state from a fresh data dir", () => {
    const state = loadLockState(tempDir());
    expect(state.counters.size).toBe(0);
    expect(state.leases.size).toBe(0);
  });

  it("keeps tokens increasing across a restart from the saved state", () => {
    const dir = tempDir();
    const clock = manualClock();
    const first = createLeaseTable({ nowMs: clock.nowMs });
    first.acquire("r", "a", 10);
    clock.advance(10);
    first.acquire("r", "b", 10);
    saveLockState(dir, first.snapshot());
    clock.advance(10);
    const second = createLeaseTable({ nowMs: clock.nowMs, snapshot: loadLockState(dir) });
    expect(second.acquire("r", "c", 10)).toMatchObject({ kind: "granted", token: 3n });
  });

  it("keeps a live lease across a restart", () => {
    const dir = tempDir();
    const clock = manualClock();
    const first = createLeaseTable({ nowMs: clock.nowMs });
    first.acquire("r", "a", 100);
    saveLockState(dir, first.snapshot());
    const second = createLeaseTable({ nowMs: clock.nowMs, snapshot: loadLockState(dir) });
    expect(second.acquire("r", "b", 100)).toMatchObject({ kind: "busy", holder: "a", token: 1n });
  });

  it("round-trips tokens beyond 2^53 exactly", () => {
    const dir = tempDir();
    const big = 2n ** 60n;
    const table = createLeaseTable({ nowMs: manualClock().nowMs, snapshot: { counters: new Map([["r", big]]), leases: new Map() } });
    table.acquire("r", "a", 10);
    saveLockState(dir, table.snapshot());
    expect(loadLockState(dir).counters.get("r")).toBe(big + 1n);
  });

  it("replays the journal's changes over the state file, skipping a torn last line", async () => {
    const dir = tempDir();
    const clock = manualClock();
    const table = createLeaseTable({ nowMs: clock.nowMs });
    table.acquire("r", "a", 100);
    saveLockState(dir, table.snapshot());
    const journal = openLockStateJournal(dir);
    table.release("r", "a", 1n);
    table.acquire("r", "b", 100);
    table.acquire("s", "c", 100);
    await journal.append(table.snapshot(), ["r", "s"]);
    table.release("s", "c", 1n);
    await journal.append(table.snapshot(), ["s"]);
    journal.close();
    appendFileSync(join(dir, "lock-state.jsonl"), '{"resource":"r","counter":"9');
    const second = createLeaseTable({ nowMs: clock.nowMs, snapshot: loadLockState(dir) });
    expect(second.acquire("r", "d", 100)).toMatchObject({ kind: "busy", holder: "b", token: 2n });
    expect(second.acquire("s", "d", 100)).toMatchObject({ kind: "granted", token: 2n });
  });

  it("folds the journal into the state file when it saves, and empties the journal", async () => {
    const dir = tempDir();
    const table = createLeaseTable({ nowMs: manualClock().nowMs });
    saveLockState(dir, table.snapshot());
    table.acquire("r", "a", 100);
    const journal = openLockStateJournal(dir);
    await journal.append(table.snapshot(), ["r"]);
    journal.close();
    saveLockState(dir, loadLockState(dir));
    expect(readFileSync(join(dir, "lock-state.jsonl"), "utf8")).toBe("");
    expect(loadLockState(dir).counters.get("r")).toBe(1n);
  });

  it("appends grants as JSON lines", () => {
    const dir = tempDir();
    appendGrant(dir, { resource: "r", client: "a", token: "1", grantedAtMs: 5, ttlMs: 10 });
    appendGrant(dir, { resource: "r", client: "b", token: "2", grantedAtMs: 15, ttlMs: 10 });
    const lines = readFileSync(join(dir, "grants.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { token: string });
    expect(lines.map((l) => l.token)).toEqual(["1", "2"]);
  });
});
