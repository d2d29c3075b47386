import { describe, expect, it } from "vitest";
import { acquireOnce, type FailOpenClient, type FailOpenLock } from "./dynamodb-lock-adapter.js";

/** A fail-open lock that counts its releases. */
function fakeLock(token: number): FailOpenLock & { releases: number } {
  return {
    fencingToken: token,
    releases: 0,
    on: () => undefined,
    release(callback) {
      this.releases++;
      callback();
    },
  };
}

/** A client whose acquireLock answers when the test says so. */
function heldClient(): FailOpenClient & { answer(error: unknown, lock?: FailOpenLock): void } {
  let pending: ((error: unknown, lock?: FailOpenLock) => void) | undefined;
  return {
    acquireLock: (_id, callback) => void (pending = callback),
    answer: (error, lock) => pending?.(error, lock),
  };
}

describe("one dynamodb-lock-client acquire, which no signal can cut short", () => {
  it("resolves with the library's lock and its fencing token", async () => {
    const client = heldClient();
    const got = acquireOnce(client, "r1", new AbortController().signal);
    const lock = fakeLock(7);
    client.answer(null, lock);
    await expect(got).resolves.toBe(lock);
  });

  it("answers indeterminate (it may still be granted) once the signal fires during the library's wait", async () => {
    const client = heldClient();
    const stop = new AbortController();
    const got = acquireOnce(client, "r1", stop.signal);
    stop.abort();
    await expect(got).rejects.toMatchObject({ code: "timeout", definite: false });
  });

  it("releases a lock the library grants after the acquire stopped waiting, so no heartbeat keeps it forever", async () => {
    const client = heldClient();
    const stop = new AbortController();
    const got = acquireOnce(client, "r1", stop.signal);
    stop.abort();
    await expect(got).rejects.toMatchObject({ definite: false });
    const late = fakeLock(8);
    client.answer(null, late);
    expect(late.releases).toBe(1);
  });

  it("passes the library's own error on (the caller tells a failed conditional put from the rest)", async () => {
    const client = heldClient();
    const got = acquireOnce(client, "r1", new AbortController().signal);
    client.answer(Object.assign(new Error("Failed to acquire lock."), { code: "FailedToAcquireLock" }));
    await expect(got).rejects.toMatchObject({ code: "FailedToAcquireLock" });
  });
});
