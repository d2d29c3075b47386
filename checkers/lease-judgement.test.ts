/**
 * One lease model: for each kind of lease, a retired holder, a released
 * holder and a holder past its TTL are judged the same way by every
 * checker that judges leases (lock-service, lease-overlap, mutex).
 */
import { describe, expect, it } from "vitest";
import type { History, LeaseEnd, RunConfig } from "../core/index.js";
import { checkLeaseOverlap } from "./lease-overlap/lease-overlap-checker.js";
import { checkLockService } from "./lock-service/index.js";
import { checkMutex } from "./mutex/mutex-checker.js";
import { historyBuilder, testRunConfig } from "./testing/index.js";

const base = testRunConfig("fenced"); // ttl 2000 ms

function config(ends: LeaseEnd, timedFrom: "grant" | "request"): RunConfig {
  return { ...base, lock: { ...base.lock, lease: { ends, timedFrom } } };
}

/** Client 1 holds r1 from 0-10 ms; `then` says what it does next; client 2 is granted r1 at `secondAt`. */
function history(then: "retired" | "released" | "past-ttl"): History {
  const b = historyBuilder().acquire(1, "r1", "1", [0, 10]);
  if (then === "retired") b.write(1, "r1", "v", "1", [20, 30], "info");
  if (then === "released") b.release(1, "r1", "1", [20, 30]);
  const secondAt = then === "past-ttl" ? 2100 : 100;
  return b.acquire(2, "r1", "2", [secondAt, secondAt + 10]).release(2, "r1", "2", [secondAt + 50, secondAt + 60]).build();
}

/** Whether each kind proves a double grant: only a retired holder of a client-session lease has certainly let go. */
const CASES: readonly [LeaseEnd, "grant" | "request", "retired" | "released" | "past-ttl", boolean][] = [
  ["ttl", "grant", "retired", false], ["ttl", "grant", "released", true], ["ttl", "grant", "past-ttl", true],
  ["ttl", "request", "retired", false], ["ttl", "request", "released", true], ["ttl", "request", "past-ttl", true],
  ["client-session", "grant", "retired", true], ["client-session", "grant", "released", true], ["client-session", "grant", "past-ttl", true],
  ["session-timeout", "request", "retired", false], ["session-timeout", "request", "released", true], ["session-timeout", "request", "past-ttl", true],
  ["keep-alive", "request", "retired", false], ["keep-alive", "request", "released", true], ["keep-alive", "request", "past-ttl", true],
];

describe("one lease model across checkers", () => {
  it.each(CASES)("judges a %s lease (TTL from the %s) whose holder %s: valid %s by lock-service, lease-overlap and mutex", (ends, from, then, valid) => {
    const input = { config: config(ends, from), history: history(then), storage: [] };
    expect(checkLockService(input).valid).toBe(valid);
    expect(checkLeaseOverlap(input).valid).toBe(valid);
    expect(checkMutex(input, { timeoutMs: 5000 }).valid).toBe(valid);
  });

  it.each(CASES)("judges a %s lease (TTL from the %s) without a token whose holder %s: valid %s by lock-service and lease-overlap alike", (ends, from, then, valid) => {
    const tokenless = history(then).map((op) => (op.f === "acquire" || op.f === "release") && op.type !== "invoke" ? { ...op, value: { ...(op.value as object), token: null } } : op);
    const input = { config: config(ends, from), history: tokenless, storage: [] };
    expect(checkLockService(input).valid).toBe(valid);
    expect(checkLeaseOverlap(input).valid).toBe(valid);
  });

  it("judges a service that declared nothing as the least is assumed: a retired holder may have let go", () => {
    const input = { config: base, history: history("retired"), storage: [] };
    expect([checkLockService(input).valid, checkLeaseOverlap(input).valid, checkMutex(input).valid]).toEqual([true, true, true]);
  });
});
