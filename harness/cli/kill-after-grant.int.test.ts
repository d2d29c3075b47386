/**
 * `kill-after-grant` against the real reference lock service (local
 * runtime, real SIGKILL): the kill lands a few milliseconds after the grant
 * it follows, the node is down until the restart, and it comes back on its
 * data (the next token for the resource is higher than the one it granted
 * before the kill). The reference service persists before it answers, so the
 * run is valid; `reference-timer`, which saves every 300 ms, hands the same
 * token out again, and the report's story says which kill did it. Needs
 * root and a build.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Op } from "../../core/index.js";
import { runCli } from "./testing/cli-process.js";

const root = mkdtempSync(join(tmpdir(), "fencecheck-kill-after-grant-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface KillValue {
  readonly nodes: string[];
  readonly struckAfterMs?: number;
  readonly grant: { process: number; resource: string; token: string; time: number };
}

async function run(lock: string, seed: number): Promise<{ code: number | null; stdout: string; dir: string }> {
  const store = mkdtempSync(join(root, `${lock}-`));
  // A kill comes an interval after the last restart, and a restart on a loaded machine takes seconds:
  // 8 s left room for one kill only in a CI run (3 December); 12 s leaves room for two or more.
  const args = ["run", "--lock", lock, "--storage", "fenced", "--nemesis", "kill-after-grant", "--nemesis-interval", "2", "--time-limit", "12"];
  const result = await runCli([...args, "--fault-opt", "kill-after-grant.durationMs=1000", "--seed", String(seed), "--store", store]);
  return { code: result.code, stdout: result.stdout, dir: realpathSync(join(store, "latest")) };
}

function history(dir: string): Op[] {
  return readFileSync(join(dir, "history.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Op);
}

/** The invocation `completion` completes: its process's last invoke before it. */
const invokeOf = (ops: readonly Op[], completion: Op): Op | undefined =>
  ops.filter((o) => o.type === "invoke" && o.process === completion.process && o.index < completion.index).at(-1);
const tokenOf = (op: Op) => BigInt((op.value as { token: string }).token);
const resourceOf = (op: Op) => (op.value as { resource?: string }).resource;

describe("kill-after-grant on the real reference lock service", () => {
  it("kills the node a few ms after the grant it names, keeps it down, and restarts it on its data", async () => {
    const { code, stdout, dir } = await run("reference", 3);
    expect([code, stdout.split("\n")[0]]).toEqual([0, expect.stringMatching(/^valid/)]);
    const ops = history(dir);
    const kills = ops.filter((o) => o.process === "nemesis" && o.f === "kill" && o.type === "info");
    expect(kills.length).toBeGreaterThanOrEqual(2);
    let regranted = 0;
    for (const kill of kills) {
      const v = kill.value as KillValue;
      const grant = ops.find((o) => o.type === "ok" && o.f === "acquire" && o.process === v.grant.process && o.time === v.grant.time);
      expect(grant?.value, `the kill names a grant of the history: ${JSON.stringify(v.grant)}`).toEqual({ resource: v.grant.resource, token: v.grant.token });
      expect(v.nodes).toEqual(["l1"]);
      const restart = ops.find((o) => o.process === "nemesis" && o.f === "restart" && o.type === "info" && o.time > kill.time);
      expect(restart, "the node is restarted").toBeDefined();
      // An acquire asked after the kill and granted before the restart began would be a grant of a dead node. One asked
      // before may complete after the kill's record: the node answered just before the SIGKILL (seen at load 8). The
      // restart's own record comes once the node is ready, and a loaded CI machine saw two grants of the restarted
      // node before it: the restart's invoke is the bound.
      const restarting = ops.find((o) => o.process === "nemesis" && o.f === "restart" && o.type === "invoke" && o.time > kill.time);
      const downGrants = ops.filter((o) => o.type === "ok" && o.f === "acquire" && (invokeOf(ops, o)?.time ?? 0) > kill.time && o.time < (restarting?.time ?? 0));
      expect(downGrants, "no grant asked for while the node is down").toEqual([]);
      const next = ops.find((o) => o.type === "ok" && o.f === "acquire" && o.time > (restart?.time ?? 0) && resourceOf(o) === v.grant.resource);
      if (!next) continue;
      expect(tokenOf(next) > BigInt(v.grant.token), `token ${tokenOf(next)} after the restart, ${v.grant.token} before`).toBe(true);
      regranted++;
    }
    expect(regranted, "the resource of a kill's grant was granted again after the restart").toBeGreaterThanOrEqual(1);
    // Measured on the harness's clock just before each SIGKILL. Typically under a millisecond; on a
    // machine at load 30 the odd one took 80 ms, so the bound on each is generous and the fastest is held to a few ms.
    const struck = kills.map((k) => (k.value as KillValue).struckAfterMs ?? Infinity);
    expect(Math.max(...struck), `struck ${struck.join(", ")} ms after their grants`).toBeLessThan(250);
    expect(Math.min(...struck), `struck ${struck.join(", ")} ms after their grants`).toBeLessThan(5);
    const log = readFileSync(join(dir, "nodes", "l1", "service.log"), "utf8");
    expect(log.match(/listening/g)?.length, "the service started once, then once per restart").toBe(kills.length + 1);
  });

  it("makes reference-timer, which saves every 300 ms, grant a token twice, and the story names the kill", async () => {
    // The kill strikes when the harness learns of the grant, which the server answered a moment
    // before; at load 8 (a suite beside the docker lane) that moment can hold the timer's save, and
    // one CI-like suite saw both kills of seed 3 miss (valid). Later seeds are tried after a miss.
    let { code, stdout, dir } = await run("reference-timer", 3);
    for (const seed of [4, 5]) if (code === 0) ({ code, stdout, dir } = await run("reference-timer", seed));
    expect(code, stdout).toBe(1);
    expect(stdout).toMatch(/lock-service: FAIL/);
    const report = readFileSync(join(dir, "report.html"), "utf8");
    // The story leads with the root cause, the repeated token, not with a stale write it let through.
    expect(report).toMatch(/The lock service broke its promise: it granted token \d+ for r\d twice/);
    expect(report).toMatch(/Node l1 was killed \d+ ms after it granted token \d+ for r\d[^<]*; after its restart it granted token \d+ for r\d again/);
  }, 200_000);
});
