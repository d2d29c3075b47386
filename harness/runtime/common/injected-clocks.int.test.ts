/**
 * Injected clocks on real processes: two processes of one node, the second
 * attached after the node's clock was set (as a restart is), both read the
 * node's clock in their own vDSO, and read real time again once detached.
 * Needs root (ptrace) and x86_64; builds native/clock-inject itself.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { nodeId } from "../../../core/index.js";
import { clockInjector } from "./clock-injector.js";
import { createInjectedClocks } from "./injected-clocks.js";
import { packageRoot } from "./package-root.js";

const TOLERANCE_MS = 100;
const l1 = nodeId("l1");
const children: ChildProcess[] = [];

beforeAll(() => {
  execFileSync(join(packageRoot(), "native", "clock-inject", "build.sh"));
}, 120_000);

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

function startSleeper(): number {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  children.push(child);
  return child.pid as number;
}

const injector = clockInjector();

describe("injected clocks on real processes", () => {
  it("move every process of a node, one attached after the change included, and let them go", { timeout: 60_000 }, async () => {
    const clocks = createInjectedClocks({ injectorOf: () => injector, wallMs: () => Date.now(), monotonic: false });
    const [first, second] = [startSleeper(), startSleeper()];
    await clocks.attach(l1, first);
    await clocks.set(l1, { offsetMs: 6_000, rate: 1 });
    await clocks.attach(l1, second);
    const read = await clocks.readEach(l1);
    expect(read.map((r) => r.pid)).toEqual([first, second]);
    for (const r of read) expect(Math.abs(r.offsetMs - 6_000)).toBeLessThan(TOLERANCE_MS);
    expect(Math.abs(((await clocks.read(l1))?.offsetMs ?? NaN) - 6_000)).toBeLessThan(TOLERANCE_MS);

    await clocks.detachAll();
    const after = clockInjector();
    for (const pid of [first, second]) {
      const reading = await after.read(pid, "realtime");
      expect(reading.patched).toBe(false);
      expect(Math.abs(reading.readOffsetNs / 1e6)).toBeLessThan(TOLERANCE_MS);
    }
  });
});
