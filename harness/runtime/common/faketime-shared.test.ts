import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createSharedObjects, faketimeSharedEnv, removeSharedObjects, removeSharedPair, semaphoreBytes, sharedObjectName,
} from "./faketime-shared.js";

describe("libfaketime's shared objects, made by the harness", () => {
  it("write the bytes of an unlocked shared semaphore, as libfaketime's own sem_open left them", () => {
    // Read from /dev/shm/sem.faketime_sem_<pid> of a process libfaketime 0.9.10 started.
    expect(semaphoreBytes().toString("hex")).toBe("0100000000000000800000000000000000000000000000000000000000000000");
  });

  it("are named after the run, and the environment points libfaketime at both", () => {
    const name = sharedObjectName("abc123", "l1.4");
    expect(name).toBe("fencecheck-abc123-l1.4");
    expect(faketimeSharedEnv(name)).toEqual({ FAKETIME_SHARED: "/fencecheck-abc123-l1.4 /fencecheck-abc123-l1.4" });
    expect(() => sharedObjectName("abc123", "../x")).toThrow(/letters, digits/);
  });

  it("are created readable and writable by every user, so a service that drops to its own user can open them", () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-shm-"));
    createSharedObjects("fencecheck-r1-c1.1", dir);
    expect(readdirSync(dir).sort()).toEqual(["fencecheck-r1-c1.1", "sem.fencecheck-r1-c1.1"]);
    expect(statSync(join(dir, "sem.fencecheck-r1-c1.1")).mode & 0o777).toBe(0o666);
    expect(statSync(join(dir, "fencecheck-r1-c1.1")).mode & 0o777).toBe(0o666);
    const memory = readFileSync(join(dir, "fencecheck-r1-c1.1"));
    expect(memory.length).toBe(80);
    // No start time yet (tv_nsec = -1): the first process sets its own, or a rate would run from the epoch.
    expect([memory.readBigInt64LE(0), memory.readBigInt64LE(16), memory.readBigInt64LE(24)]).toEqual([0n, 0n, -1n]);
  });

  it("are removed for one run only, leaving other runs' objects and libfaketime's own", () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-shm-"));
    for (const name of ["fencecheck-ab-l1.1", "fencecheck-ab-c1.2", "fencecheck-abc-l1.1"]) createSharedObjects(name, dir);
    writeFileSync(join(dir, "sem.faketime_sem_42"), "");
    expect(removeSharedObjects("ab", dir).map((p) => p.slice(dir.length + 1)).sort()).toEqual([
      "fencecheck-ab-c1.2", "fencecheck-ab-l1.1", "sem.fencecheck-ab-c1.2", "sem.fencecheck-ab-l1.1",
    ]);
    expect(readdirSync(dir).sort()).toEqual(["fencecheck-abc-l1.1", "sem.faketime_sem_42", "sem.fencecheck-abc-l1.1"]);
    removeSharedPair("fencecheck-abc-l1.1", dir);
    expect(readdirSync(dir)).toEqual(["sem.faketime_sem_42"]);
  });
});
