/**
 * The popular npm lock libraries (built-in adapters proper-lockfile,
 * redis-semaphore, etcd-lock, warlock, dynamodb-lock), each through the CLI
 * against the service the harness starts for it, under pause-holder: with
 * unfenced storage, and with the storage that protects against the stale
 * holder (fenced when the library gives a token, cas otherwise). Two runs
 * go at a time, each the compiled CLI in its own process with its own store.
 * Needs root, the Debian packages of scripts/setup.sh and `npm run build`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { runCli } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-libraries-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

function namespaces(): string[] {
  return execFileSync("ip", ["netns", "list"], { encoding: "utf8" }).split("\n").map((l) => l.split(" ")[0] ?? "").filter(Boolean);
}

/** Runs `fencecheck run` under `fault` (pause-holder unless told) with its own store; throws if it left a namespace behind. */
async function run(args: readonly string[], fault: readonly string[] = ["--nemesis", "pause-holder"], seed = 7): Promise<{ code: number | null; out: string; err: string; latest: string }> {
  const own = mkdtempSync(join(store, "run-"));
  const { code, stdout: out, stderr: err } = await runCli([
    "run", "--time-limit", "10", "--seed", String(seed), ...fault, "--hold-ms", "100", "--store", own, ...args,
    // The preflight acquire has this long too: on a machine shared with other work, 3 s was not always enough to bring up a client.
    "--acquire-timeout-ms", "10000",
  ]);
  const runId = /\(run (\w+)\)/.exec(err)?.[1];
  const left = runId ? namespaces().filter((n) => n.startsWith(`fc-${runId}-`)) : [];
  if (left.length > 0) throw new Error(`run ${runId} left namespaces behind: ${left.join(", ")}`);
  return { code, out, err, latest: join(own, "latest") };
}

/** The nemesis ops a run recorded, by `f`. */
function nemesisFs(latest: string): string[] {
  return readFileSync(join(latest, "nemesis.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => (JSON.parse(l) as { f: string }).f);
}

describe.concurrent("popular lock libraries through the CLI, with pause-holder", () => {
  describe.each([["redis-semaphore"], ["etcd-lock"], ["proper-lockfile"]])("token-less library %s, whose lease the holder keeps alive", (lock) => {
    it("with unfenced storage: storage's own order proves the paused holder's write stale (exit 1) on one of five seeds, and no seed is valid", async ({ expect }) => {
      // The proof needs no lease model, only grants ordered by asking: the next holder asked after the
      // paused holder's grant returned. A seed where the two acquires overlapped leaves it unknown (exit 2).
      let result = await run(["--lock", lock, "--storage", "unfenced"]);
      for (const seed of [8, 9, 10, 11]) {
        expect(result.code, `${result.out}\n${result.err}`).not.toBe(0);
        if (result.code === 1) break;
        result = await run(["--lock", lock, "--storage", "unfenced"], undefined, seed);
      }
      expect(result.out, result.err).toMatch(/^INVALID \(fencing: n\/a, real-time: FAIL/);
      expect(result.code).toBe(1);
      expect(nemesisFs(result.latest)).toContain("pause");
    });
    it("with cas storage: the holder's write after the pause needs the version it read, so the run is valid (exit 0)", async ({ expect }) => {
      const { code, out, err, latest } = await run(["--lock", lock, "--storage", "cas"]);
      expect(code, `${out}\n${err}`).toBe(0);
      expect(nemesisFs(latest)).toContain("pause");
    });
  });

  describe("warlock (SET NX PX, a fixed TTL, no token)", () => {
    it("with unfenced storage: real time finds the write sent after the lease certainly expired (exit 1)", async ({ expect }) => {
      const { code, out, err } = await run(["--lock", "warlock", "--storage", "unfenced"]);
      expect(out, err).toMatch(/^INVALID \(fencing: n\/a, real-time: FAIL/);
      expect(code).toBe(1);
    });
    it("with cas storage: valid (exit 0)", async ({ expect }) => {
      const { code, out, err } = await run(["--lock", "warlock", "--storage", "cas"]);
      expect(code, `${out}\n${err}`).toBe(0);
    });
  });

  describe("dynamodb-lock (fail-open locks with a fencing token, on dynalite)", () => {
    it("with unfenced storage: storage accepted a write under an older fencingToken (exit 1)", async ({ expect }) => {
      const { code, out, err, latest } = await run(["--lock", "dynamodb-lock", "--storage", "unfenced"]);
      expect(out, err).toMatch(/fencing: FAIL/);
      expect(code).toBe(1);
      const services = JSON.parse(readFileSync(join(latest, "services.json"), "utf8")) as { lock: { preflightToken: unknown } };
      expect(services.lock.preflightToken).not.toBeNull();
    });
    it("with fenced storage: the stale token is rejected (exit 0)", async ({ expect }) => {
      const { code, out, err } = await run(["--lock", "dynamodb-lock", "--storage", "fenced"]);
      expect(out, err).toMatch(/fencing: storage rejected \d+ stale write/);
      expect(code).toBe(0);
    });
  });
});

describe("a token-less library's double grant through the CLI", () => {
  it("proper-lockfile with clients' clocks skewed past its stale time: the lock-service and lease-overlap checkers name two holders at once (exit 1), cas storage or not", async ({ expect }) => {
    // Seed 1 skews every client's clock by 2.3 to 2.7 s from 3 s on, more than the 2 s TTL (stale): a contender takes a held lock.
    const { code, out, err } = await run(["--lock", "proper-lockfile", "--storage", "cas"], ["--nemesis", "clock-skew", "--fault-opt", "clock.nodes=client", "--seed", "1"]);
    expect(out, err).toMatch(/^INVALID \(fencing: ok, real-time: n\/a, lease-overlap: FAIL, lock-service: FAIL/);
    expect(out).toMatch(/The lock service broke its promise: "r\d" (was held by client \d \(no token\) and client \d \(no token\) at once|was granted to client \d \(no token\))/);
    expect(code).toBe(1);
  });
});
