/**
 * A run without faults hosts its clients in shared agent processes (up to
 * 32 a process), each client still its own session with its own ops; with
 * --agent-per-client, or any fault, every client runs alone in its
 * process. Against the real reference lock and storage, from the CLI.
 * Needs root and a build.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseHistoryJsonl } from "../../core/index.js";
import { main } from "./main.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-shared-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

/** Runs the CLI; its exit code, its progress lines, and each client node's agent logs. */
async function run(extra: readonly string[]): Promise<{ code: number; err: string; agentLogs: Record<string, string[]>; threads: number }> {
  let err = "";
  const io = { out: () => undefined, err: (s: string) => void (err += s), isTty: false };
  const args = ["run", "--lock", "reference", "--storage", "fenced", "--clients", "12", "--resources", "3", "--hold-ms", "5", "--time-limit", "3", "--seed", "4", "--store", store, ...extra];
  const code = await main(args, io, { cwd: process.cwd(), signal: new AbortController().signal });
  const nodes = join(store, "latest", "nodes");
  const clients = readdirSync(nodes).filter((n) => /^c\d+$/.test(n));
  const agentLogs = Object.fromEntries(clients.map((c) => [c, readdirSync(join(nodes, c)).filter((f) => /^agent-\d+\.log$/.test(f))]));
  const history = parseHistoryJsonl(readFileSync(join(store, "latest", "history.jsonl"), "utf8"), "history.jsonl");
  const threads = new Set(history.filter((op) => op.type === "ok" && typeof op.process === "number").map((op) => (op.process as number) % 12)).size;
  return { code, err, agentLogs, threads };
}

describe("clients sharing agent processes", () => {
  it("in a run without faults: 12 clients in one process, on the first client's node, every client's ops ok and the run valid", async () => {
    const { code, err, agentLogs, threads } = await run([]);
    expect(code, err).toBe(0);
    expect(err).toContain("(12 clients in 1 agent process, as the run has no fault)");
    expect(Object.entries(agentLogs).filter(([, logs]) => logs.length > 0)).toEqual([["c1", ["agent-0.log"]]]);
    expect(threads).toBe(12);
  }, 60_000);

  it("not with --agent-per-client: each client's agent logs in its own node", async () => {
    const { code, err, agentLogs, threads } = await run(["--agent-per-client"]);
    expect(code, err).toBe(0);
    expect(err).toContain("(12 clients, an agent process each)");
    expect(Object.values(agentLogs).every((logs) => logs.length === 1)).toBe(true);
    expect(Object.keys(agentLogs)).toHaveLength(12);
    expect(threads).toBe(12);
  }, 60_000);

  it("not in a run with a fault, even one aimed at storage only", async () => {
    const { code, err } = await run(["--nemesis", "kill-storage"]);
    expect(code, err).toBe(0);
    expect(err).toContain("(12 clients, an agent process each)");
  }, 60_000);
});
