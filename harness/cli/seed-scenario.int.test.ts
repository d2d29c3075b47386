/**
 * The seed's full picture on the local runtime, through the CLI: a lease
 * holder paused past its TTL writes with a stale token. Unfenced storage
 * accepts it (exit 1, the violation named in results.json and told in the
 * report). The fenced half is the gc-pause scenario (scenario-all). Needs
 * root and a build.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "./main.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-seed-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

async function run(storage: string, timeLimit = "8", seed = "7", extra: readonly string[] = []): Promise<{ code: number; out: string; dir: string }> {
  let out = "";
  const io = { out: (s: string) => void (out += s), err: () => undefined, isTty: false };
  const argv = ["run", "--lock", "reference", "--storage", storage, "--nemesis", "pause-holder", "--time-limit", timeLimit, "--seed", seed, ...extra, "--store", store];
  const code = await main(argv, io, { cwd: process.cwd(), signal: new AbortController().signal });
  const dir = join(store, `reference-${storage}-pause-holder`);
  return { code, out, dir };
}

function latestResults(): { valid: unknown; results: Record<string, Record<string, unknown>> } {
  return JSON.parse(readFileSync(join(store, "latest", "results.json"), "utf8"));
}

describe("the seed scenario on the local runtime", () => {
  it("finds the stale write that unfenced storage accepted", async () => {
    const { code, out } = await run("unfenced");
    expect(code).toBe(1);
    const results = latestResults();
    const violations = results.results.fencing?.violations as { staleToken: string; highestToken: string }[];
    expect(violations.length).toBeGreaterThan(0);
    const first = violations[0]!;
    expect(BigInt(first.staleToken)).toBeLessThan(BigInt(first.highestToken));
    const report = readFileSync(join(store, "latest", "report.html"), "utf8");
    expect(report).toContain(`token ${first.staleToken}`);
    expect(out).toMatch(/^INVALID/);
  });

  // Seeds whose next holder drew a near-TTL hold (on this machine): its write, and so the paused holder's, landed after the 3 s limit.
  it.each(["1", "6"])("catches it within --time-limit 3 with the default holds, seed %s, and fenced storage stays valid", async (seed) => {
    const unfenced = await run("unfenced", "3", seed);
    expect(unfenced.out).toMatch(/^INVALID .*fencing: FAIL/);
    expect(unfenced.code).toBe(1);
    const fenced = await run("fenced", "3", seed);
    expect(fenced.out).toMatch(/^valid /);
    expect(fenced.code).toBe(0);
  });

  // Every hold 1.5 s: the next holder's write lands after the limit whoever it is; the run used to end valid, blind.
  it.each(["1", "2"])("catches it when the next holder writes after the time limit (--hold-ms 1500 --time-limit 3), seed %s", async (seed) => {
    const unfenced = await run("unfenced", "3", seed, ["--hold-ms", "1500"]);
    expect(unfenced.out).toMatch(/^INVALID .*fencing: FAIL/);
    expect(unfenced.code).toBe(1);
    const fenced = await run("fenced", "3", seed, ["--hold-ms", "1500"]);
    expect(fenced.out).toMatch(/^valid /);
    expect(fenced.code).toBe(0);
  });
});
