/**
 * etcd, a Go program libfaketime never reaches, under clock-jump on its
 * own nodes on the local runtime: the clock injector moves its processes'
 * clocks, each clock op records the offset etcd's processes themselves
 * read, and etcd stays valid (it times leases on Go's monotonic clock).
 * Needs root, a build, Debian's etcd and native/clock-inject.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./testing/cli-process.js";
import { clockMoves } from "./testing/clock-ops.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-injected-run-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

describe("clock faults on etcd's own nodes on the local runtime", () => {
  it("move etcd's processes through the clock injector, as each op's reading proves, and etcd stays valid", { timeout: 180_000 }, async () => {
    const ran = await runCli(["run", "--lock", "etcd", "--storage", "fenced", "--nemesis", "clock-jump", "--fault-opt", "clock.nodes=lock",
      "--nemesis-interval", "2", "--time-limit", "10", "--seed", "1", "--store", store]);
    expect([ran.code, ran.stdout.split("\n")[0]], ran.stderr).toEqual([0, expect.stringMatching(/^valid.*clock-moved-under-lease/)]);
    const moves = clockMoves(join(store, "latest"));
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) {
      expect(move.tool, `node ${move.node}`).toBe("injector");
      expect(Math.abs((move.readMs ?? NaN) - move.askedMs), `node ${move.node}`).toBeLessThan(150);
    }
  });
});
