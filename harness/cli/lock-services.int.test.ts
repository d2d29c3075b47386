/**
 * Every built-in lock service as a real cluster from Debian's packages,
 * through the CLI, under faults; a user's adapter module with its own
 * service and with --endpoints; bad adapters failing cleanly. Two runs go
 * at a time (the integration project's maxConcurrency), each the compiled
 * CLI in its own process with its own store. Needs root, the Debian
 * packages of scripts/setup.sh and `npm run build` first.
 */
import { execFileSync } from "node:child_process";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, it } from "vitest";
import type { TimedStaleWrite } from "../../checkers/index.js";
import { runCli } from "./testing/cli-process.js";

type StaleWrite = Pick<TimedStaleWrite, "evidence" | "expiredBy" | "invokedAt"> & { acceptedAt: number; next: { value: string; storedAt: number } };

const store = mkdtempSync(join(tmpdir(), "fencecheck-services-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));
const example = resolve("examples/custom-lock/adapter.mjs");

function namespaces(): string[] {
  return execFileSync("ip", ["netns", "list"], { encoding: "utf8" }).split("\n").map((l) => l.split(" ")[0] ?? "").filter(Boolean);
}

/** Runs `fencecheck run` with its own store (`latest` is then this run's); throws if it left a namespace behind. */
async function run(args: readonly string[]): Promise<{ code: number | null; out: string; err: string; latest: string }> {
  const own = mkdtempSync(join(store, "run-"));
  const { code, stdout: out, stderr: err } = await runCli(["run", "--time-limit", "10", "--seed", "7", "--store", own, ...args]);
  // Whatever happened, this run left no namespace behind (only its own are checked: other runs may be going on).
  const runId = /\(run (\w+)\)/.exec(err)?.[1];
  const left = runId ? namespaces().filter((n) => n.startsWith(`fc-${runId}-`)) : [];
  if (left.length > 0) throw new Error(`run ${runId} left namespaces behind: ${left.join(", ")}`);
  return { code, out, err, latest: join(own, "latest") };
}

describe.concurrent("lock services through the CLI", () => {
  describe.each([["etcd"], ["zookeeper"], ["postgres"], ["redis-token"], [example]])("lock service %s with pause-holder", (lock) => {
    it("finds the stale write that unfenced storage accepted (exit 1)", async ({ expect }) => {
      const { code, out, err } = await run(["--lock", lock, "--storage", "unfenced", "--nemesis", "pause-holder"]);
      expect(out, err).toMatch(/fencing: FAIL/);
      expect(code).toBe(1);
    });
    it("stays valid with fenced storage (exit 0)", async ({ expect }) => {
      const { code, err } = await run(["--lock", lock, "--storage", "fenced", "--nemesis", "pause-holder"]);
      expect(code, err).toBe(0);
    });
  });

  describe.each([["redis"], ["redlock"]])("token-less lock service %s", (lock) => {
    it("is refused with fenced storage before anything starts (exit 254)", async ({ expect }) => {
      const { code, err } = await run(["--lock", lock, "--storage", "fenced"]);
      expect(code).toBe(254);
      expect(err).toContain("grants no fencing token");
    });
    it("runs with unfenced storage, writes carry no token, and real time finds the stale write fencing cannot (exit 1, with its story)", async ({ expect }) => {
      // A fixed short hold: the next holder's write is acknowledged before the sleeper wakes (with near-TTL holds it may not be, and then there is no verdict).
      const { code, out, err, latest } = await run(["--lock", lock, "--storage", "unfenced", "--nemesis", "pause-holder", "--hold-ms", "100"]);
      // No token: fencing's question does not arise (n/a); the harness's clock tells the stale write.
      expect(out, err).toMatch(/^INVALID \(fencing: n\/a, real-time: FAIL/);
      expect(code).toBe(1);
      const services = JSON.parse(readFileSync(join(latest, "services.json"), "utf8")) as { notes: string[] };
      expect(services.notes.join(" ")).toContain("grants no fencing token");
      const results = JSON.parse(readFileSync(join(latest, "results.json"), "utf8"));
      const first = results.results["real-time"].violations[0] as StaleWrite;
      const report = readFileSync(join(latest, "report.html"), "utf8");
      expect(report).toContain("Storage accepted a write under an expired lease");
      // Either proof may come first: sent after the certain expiry (the clock), or taken in by storage after the next holder's write.
      if (first.evidence === "clock") {
        expect(first.invokedAt).toBeGreaterThan(first.expiredBy);
        expect(report).toContain("certainly expired by");
        expect(report).toContain(`its write ${first.next.value} was acknowledged`);
      } else {
        expect(first.acceptedAt).toBeGreaterThan(first.next.storedAt);
        expect(report).toContain(`its write ${first.next.value} was accepted by storage`);
      }
    });
  });

  describe.each([["etcd"], ["zookeeper"]])("lock service %s under partitions", (lock) => {
    it("stays valid with fenced storage", async ({ expect }) => {
      const { code, out, err } = await run(["--lock", lock, "--storage", "fenced", "--nemesis", "partition", "--nemesis-interval", "2"]);
      expect(code, out + err).toBe(0);
    });
  });

  describe("a user's lock service given with --endpoints", () => {
    it("is reached through relays, stays valid with fenced storage, and the run notes that faults do not reach it", async ({ expect }) => {
      const server = spawn(process.execPath, [resolve("examples/custom-lock/server.mjs"), "--host", "127.0.0.1", "--port", "0", "--data-dir", mkdtempSync(join(tmpdir(), "fencecheck-custom-lock-"))]);
      const endpoint = await new Promise<string>((ok) => server.stdout.once("data", (b: Buffer) => ok(b.toString().trim().replace("listening ", ""))));
      try {
        // The README's adapter, whole (examples/minimal-lock), against the example's server.
        const { code, err } = await run(["--lock", resolve("examples/minimal-lock/adapter.mjs"), "--endpoints", endpoint, "--storage", "fenced", "--nemesis", "pause-holder"]);
        expect(err).toContain("partition and pause faults do not reach it");
        expect(code).toBe(0);
      } finally {
        server.kill("SIGTERM");
      }
    });
  });

  describe("bad adapters", () => {
    const dir = mkdtempSync(join(tmpdir(), "fencecheck-bad-adapter-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    function adapter(name: string, text: string): string {
      const path = join(dir, `${name}.mjs`);
      writeFileSync(path, text);
      return path;
    }
    const service = `service: { nodes: 1, start: (n) => ({ argv: [process.execPath, ${JSON.stringify(resolve("examples/custom-lock/server.mjs"))}, "--host", n.host, "--port", String(n.port), "--data-dir", n.dataDir] }) }`;

    it("without connect: a one-line error naming it, exit 254", async ({ expect }) => {
      const { code, err } = await run(["--lock", adapter("no-connect", `export default { name: "x", ${service} };`)]);
      expect(code).toBe(254);
      expect(err).toMatch(/it exports no connect function/);
    });

    it("whose acquire returns no token: the preflight names it, exit 254", async ({ expect }) => {
      const text = `export default { name: "no-token", ${service}, async connect() { return { async acquire() { return {}; }, async release() {} }; } };`;
      const { code, err } = await run(["--lock", adapter("no-token", text)]);
      expect(code).toBe(254);
      expect(err).toMatch(/resolved without a usable token \(got undefined\)/);
    });

    it("whose service never becomes ready: a start error, exit 255", async ({ expect }) => {
      const text = `export default { name: "never-ready", service: { nodes: 1, start: () => ({ argv: ["sleep", "60"], readyTimeoutMs: 1500 }) }, async connect() { return {}; } };`;
      const { code, err } = await run(["--lock", adapter("never-ready", text)]);
      expect(code).toBe(255);
      expect(err).toMatch(/Cannot start node "l1": port 7001 not ready after 1500 ms/);
    });
  });
});
