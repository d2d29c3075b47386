/**
 * Redlock grants no fencing token, yet its stale write is found: through the
 * CLI on the local runtime, a holder paused past its TTL writes after its
 * lease certainly expired and after the next holder's write was
 * acknowledged; unfenced storage accepts it (exit 1), and the report tells
 * it. Needs root, redis-server and a build.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "./main.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-redlock-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

describe("Redlock judged by real time", () => {
  it("exits 1 with a story naming the certain expiry and the next holder's acknowledged write", async () => {
    let out = "";
    const io = { out: (s: string) => void (out += s), err: () => undefined, isTty: false };
    const argv = ["run", "--lock", "redlock", "--storage", "unfenced", "--nemesis", "pause-holder", "--nemesis-interval", "1",
      "--time-limit", "6", "--seed", "3", "--store", store];
    const code = await main(argv, io, { cwd: process.cwd(), signal: new AbortController().signal });
    expect(out).toMatch(/^INVALID .*real-time: FAIL/);
    expect(code).toBe(1);
    const results = JSON.parse(readFileSync(join(store, "latest", "results.json"), "utf8"));
    const first = results.results["real-time"].violations[0] as { value: string; expiredBy: number; invokedAt: number; next: { value: string } };
    expect(first.invokedAt).toBeGreaterThan(first.expiredBy);
    const report = readFileSync(join(store, "latest", "report.html"), "utf8");
    expect(report).toContain("Storage accepted a write under an expired lease");
    expect(report).toContain("certainly expired by");
    expect(report).toContain(`its write ${first.next.value} was acknowledged`);
  }, 60_000);
});
