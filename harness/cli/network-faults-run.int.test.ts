/**
 * A whole run through the CLI with composed network and crash faults, its
 * options taken from a run file with one flag overriding it: exits 0 on
 * fenced storage, and its history records every fault applied and healed,
 * each proved (no nemesis error). Needs root and a build.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "./main.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-netrun-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

interface HistoryOp {
  readonly process: unknown;
  readonly type: string;
  readonly f: string;
  readonly value?: { readonly package?: string };
  readonly error?: { readonly message: string };
}

describe("a run with --nemesis partition,kill", () => {
  it("exits 0 on fenced storage and records every fault and heal in the history", async () => {
    const runFile = join(store, "run.json");
    const file = { lock: "reference", storage: "fenced", nemesis: ["partition", "kill"], nemesisInterval: 1.5, timeLimit: 30, seed: 11, clients: 3, store };
    writeFileSync(runFile, JSON.stringify({ ...file, faultOpt: { partition: { durationMs: 1500 }, kill: { durationMs: 1000 } } }));
    let err = "";
    const io = { out: () => undefined, err: (s: string) => void (err += s), isTty: false };
    const code = await main(["run", "--config", runFile, "--time-limit", "10"], io, { cwd: process.cwd(), signal: new AbortController().signal });
    expect(code, err).toBe(0);
    const ops = readFileSync(join(store, "latest", "history.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as HistoryOp);
    const nemesis = ops.filter((op) => op.process === "nemesis");
    const done = (f: string) => nemesis.filter((op) => op.f === f && op.type === "info");
    for (const f of ["start-partition", "stop-partition", "kill", "restart"]) expect(done(f).length, f).toBeGreaterThan(0);
    expect(nemesis.filter((op) => op.error).map((op) => op.error?.message)).toEqual([]);
    expect(done("start-partition").length).toBe(done("stop-partition").length);
    expect(done("kill").length).toBe(done("restart").length);
    const config = JSON.parse(readFileSync(join(store, "latest", "config.json"), "utf8")) as { timeLimitMs: number; nemesis: { faults: string[] } };
    expect(config.timeLimitMs).toBe(10_000);
    expect(config.nemesis.faults).toEqual(["partition", "kill"]);
  });
});
