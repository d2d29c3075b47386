/**
 * `--nemesis partition,clock,pause,kill`, what a Jepsen user types, from
 * the CLI on the local runtime (needs root and a build): every kind name is
 * a group, the run is valid on fenced storage, and each kind's faults are
 * applied and healed without a nemesis error.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "./main.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-jepsen-faults-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

interface StoredOp {
  readonly process: unknown;
  readonly type: string;
  readonly f: string;
  readonly error?: { readonly message: string };
}

describe("fencecheck run --nemesis partition,clock,pause,kill", () => {
  it("runs every kind as a group, heals each fault, and stays valid on fenced storage", async () => {
    let err = "";
    const io = { out: () => undefined, err: (s: string) => void (err += s), isTty: false };
    const args = ["run", "--nemesis", "partition,clock,pause,kill", "--nemesis-interval", "0.5", "--time-limit", "8", "--seed", "3",
      "--fault-opt", "partition.durationMs=700", "--fault-opt", "clock.durationMs=700", "--fault-opt", "pause.durationMs=700",
      "--fault-opt", "kill.durationMs=700", "--clients", "3", "--store", store];
    const code = await main(args, io, { cwd: process.cwd(), signal: new AbortController().signal });
    expect(code, err).toBe(0);
    const ops = readFileSync(join(store, "latest", "history.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as StoredOp);
    const done = (f: string) => ops.filter((op) => op.process === "nemesis" && op.type === "info" && op.f === f);
    for (const f of ["start-partition", "clock", "pause", "kill"]) expect(done(f).length, f).toBeGreaterThan(0);
    expect(ops.filter((op) => op.process === "nemesis" && op.error).map((op) => op.error?.message)).toEqual([]);
  }, 90_000);
});
