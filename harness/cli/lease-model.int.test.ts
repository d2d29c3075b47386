/**
 * The one lease model against real services. PostgreSQL under kill-storage
 * (issue 21): a client retired after an `info` write has its agent killed,
 * which ends its session and frees its advisory lock at once; the adapter
 * declares `client-session` leases, the run stores that in config.json,
 * and no checker may then call the next grant a double grant. A write whose
 * connection storage refused is `fail`, and does not retire its client.
 * Needs root and a build.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseHistoryJsonl, type RunConfig } from "../../core/index.js";
import { main } from "./main.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-lease-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

describe("the lease model on a real PostgreSQL", () => {
  it("keeps postgres valid under kill-storage, judging retired holders' sessions ended, with refused writes failed", async () => {
    let err = "";
    const io = { out: () => undefined, err: (s: string) => void (err += s), isTty: false };
    const args = ["run", "--lock", "postgres", "--storage", "fenced", "--nemesis", "kill-storage", "--time-limit", "15", "--seed", "1", "--store", store];
    const code = await main(args, io, { cwd: process.cwd(), signal: new AbortController().signal });
    expect(code, err).toBe(0);
    const config = JSON.parse(readFileSync(join(store, "latest", "config.json"), "utf8")) as RunConfig;
    expect(config.lock.lease).toEqual({ ends: "client-session", timedFrom: "grant" });
    const history = parseHistoryJsonl(readFileSync(join(store, "latest", "history.jsonl"), "utf8"), "history.jsonl");
    const refused = history.filter((op) => op.f === "write" && op.type === "fail" && op.error.message.includes("ECONNREFUSED"));
    expect(refused.length, "storage was killed, so some writes found its port closed").toBeGreaterThan(0);
    expect(history.filter((op) => op.type === "info" && op.error?.message.includes("ECONNREFUSED"))).toEqual([]);
  }, 120_000);
});
