/**
 * Clock faults on the nodes of a service libfaketime does not move, on the
 * docker runtime: the clock injector moves the containers' processes by
 * their host PIDs (no capability added to any container), each clock op
 * records the offset the service's own processes read, and the service's
 * verdict is reached (valid or INVALID: PostgreSQL's idle-session lease
 * ends early on some seeds when its wall clock jumps forward, a finding the
 * validation matrix declares). PostgreSQL is the case: its session backends
 * are processes it forks, moved with it. Skipped, with a message, when no
 * Docker engine answers. Needs root, a build, the offline images and
 * native/clock-inject.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectEngine, engineAnswers } from "../runtime/index.js";
import { runCli } from "./testing/cli-process.js";
import { clockMoves } from "./testing/clock-ops.js";

const engine = connectEngine();
const available = await engineAnswers(engine);
if (!available) console.warn(`skipping docker clock-injector tests: no Docker engine answers at "${engine.address}"`);
const store = mkdtempSync(join(tmpdir(), "fencecheck-injected-docker-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

describe.skipIf(!available)("clock faults on PostgreSQL's own node on the docker runtime", () => {
  it("move the postmaster and every backend through the clock injector, as each op's reading proves, and the run reaches a verdict", { timeout: 240_000 }, async () => {
    const ran = await runCli(["run", "--runtime", "docker", "--lock", "postgres", "--storage", "fenced", "--nemesis", "clock-jump", "--fault-opt", "clock.nodes=lock",
      "--nemesis-interval", "2", "--time-limit", "10", "--seed", "2", "--store", store]);
    expect([ran.code === 0 || ran.code === 1, ran.stdout.split("\n")[0]], ran.stderr).toEqual([true, expect.stringMatching(/^(valid|INVALID).*clock-moved-under-lease/)]);
    const moves = clockMoves(join(store, "latest"));
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) {
      expect(move.tool, `node ${move.node}`).toBe("injector");
      expect(Math.abs((move.readMs ?? NaN) - move.askedMs), `node ${move.node}`).toBeLessThan(150);
    }
  });
});
