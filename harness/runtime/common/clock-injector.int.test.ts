/**
 * The clock injector on real programs: a C program reading clock_gettime,
 * a Go program reading time.Now() (Go reads the vDSO without libc, which
 * libfaketime never reaches) and a Node program reading Date.now(). Each
 * prints "<wall ns> <monotonic ns>" every 100 ms; what it prints is
 * compared with the harness's own clocks when the line arrives. Each
 * target has other threads reading the clock all the time, so patching
 * happens under them. (The monotonic clocks move only on the C program:
 * Node's timers stall after a monotonic clock steps back, about 1 s per
 * step of 1 s.) Needs root (ptrace), gcc, and golang-go for the Go
 * target (scripts/setup.sh installs both); builds native/clock-inject itself.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSystemClock } from "../../../core/index.js";
import { clockInjector } from "./clock-injector.js";
import { packageRoot } from "./package-root.js";

const C_TARGET = `#include <pthread.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
static long long ns(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }
static void *reader(void *arg) {
  for (long i = 0;; i++) { struct timeval tv; ns(CLOCK_REALTIME); ns(CLOCK_MONOTONIC); gettimeofday(&tv, NULL); time(NULL); if (i % 100 == 0) usleep(100); }
  return arg;
}
int main(void) {
  pthread_t t;
  for (int i = 0; i < 3; i++) pthread_create(&t, NULL, reader, NULL);
  for (;;) { printf("%lld %lld\\n", ns(CLOCK_REALTIME), ns(CLOCK_MONOTONIC)); fflush(stdout); usleep(100000); }
}
`;
const GO_TARGET = `package main
import ("fmt"; "time")
func main() {
	start := time.Now()
	for i := 0; i < 3; i++ {
		go func() { for j := 0; ; j++ { _ = time.Now(); if j%100 == 0 { time.Sleep(100 * time.Microsecond) } } }()
	}
	for { fmt.Printf("%d %d\\n", time.Now().UnixNano(), time.Since(start).Nanoseconds()); time.Sleep(100 * time.Millisecond) }
}
`;
const NODE_TARGET = `new (require("node:worker_threads").Worker)("setInterval(() => Date.now(), 1)", { eval: true });
setInterval(() => console.log(\`\${BigInt(Date.now()) * 1000000n} \${process.hrtime.bigint()}\`), 100);`;

const SECOND = 1e9;
const LINE_TOLERANCE_NS = 0.3 * SECOND; /* a printed line reaches the harness some milliseconds later */
const READ_TOLERANCE_NS = 0.05 * SECOND;
const clock = createSystemClock();
const injector = clockInjector();
const work = mkdtempSync(join(tmpdir(), "fencecheck-clock-inject-"));
const hasGo = (() => {
  try {
    execFileSync("go", ["version"]);
    return true;
  } catch {
    console.warn("skipping the Go target: no `go` on PATH (apt-get install golang-go)");
    return false;
  }
})();
const targets: ChildProcessWithoutNullStreams[] = [];

/** A line as the harness saw it: the program's clocks minus the harness's when it arrived. */
interface Sample {
  readonly wallSkewNs: number;
  readonly monotonicSkewNs: number;
}

interface Target {
  readonly pid: number;
  readonly child: ChildProcessWithoutNullStreams;
  readonly samples: Sample[];
}

function start(argv: string[]): Target {
  const [file, ...args] = argv as [string, ...string[]];
  const child = spawn(file, args, { env: { ...process.env, GOMAXPROCS: "2" } });
  targets.push(child);
  const samples: Sample[] = [];
  let pending = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    const wallNs = BigInt(clock.wallMs()) * 1_000_000n;
    const monotonicNs = clock.originNs + BigInt(clock.nowNs());
    for (const line of lines) {
      const [wall, monotonic] = line.split(" ").map((word) => BigInt(word));
      samples.push({ wallSkewNs: Number((wall ?? 0n) - wallNs), monotonicSkewNs: Number((monotonic ?? 0n) - monotonicNs) });
    }
  });
  return { pid: child.pid as number, child, samples };
}

/** The median of `count` lines printed after now (the one under way is skipped). */
async function nextLines(target: Target, count = 3): Promise<Sample> {
  const from = target.samples.length + 1;
  for (let waited = 0; target.samples.length < from + count; waited += 50) {
    if (waited > 10_000 || target.child.exitCode !== null || target.child.signalCode !== null) throw new Error(`target ${target.pid} stopped printing`);
    await clock.sleep(50);
  }
  const lines = target.samples.slice(from, from + count);
  const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  return { wallSkewNs: median(lines.map((s) => s.wallSkewNs)), monotonicSkewNs: median(lines.map((s) => s.monotonicSkewNs)) };
}

const TARGETS: Record<string, () => string[]> = {
  "a C program (clock_gettime)": () => [join(work, "c-target")],
  "a Go program (time.Now)": () => [join(work, "go-target")],
  "a Node program (Date.now)": () => [process.execPath, join(work, "node-target.js")],
};

beforeAll(() => {
  execFileSync(join(packageRoot(), "native", "clock-inject", "build.sh"));
  writeFileSync(join(work, "c-target.c"), C_TARGET);
  execFileSync("gcc", ["-O2", "-pthread", "-o", join(work, "c-target"), join(work, "c-target.c")]);
  writeFileSync(join(work, "node-target.js"), NODE_TARGET);
  if (hasGo) {
    writeFileSync(join(work, "go-target.go"), GO_TARGET);
    execFileSync("go", ["build", "-o", join(work, "go-target"), join(work, "go-target.go")], { env: { ...process.env, GOCACHE: join(tmpdir(), "fencecheck-go-cache"), GOPATH: join(work, "go") } });
  }
}, 180_000);

afterEach(() => {
  for (const child of targets.splice(0)) child.kill("SIGKILL");
});

describe.each(Object.entries(TARGETS))("the clock injector on %s", (name, argv) => {
  it.skipIf(name.includes("Go") && !hasGo)("moves its wall clock 5 s, then -2 s live, then back, leaving its monotonic clock alone", async () => {
    const target = start(argv());
    const before = await nextLines(target);
    expect(Math.abs(before.wallSkewNs)).toBeLessThan(LINE_TOLERANCE_NS);

    await injector.inject(target.pid, { offsetNs: 5 * SECOND, rate: 1, monotonic: false });
    const injected = await injector.read(target.pid, "realtime");
    expect(injected.patched).toBe(true);
    expect(Math.abs(injected.readOffsetNs - 5 * SECOND)).toBeLessThan(READ_TOLERANCE_NS);
    const moved = await nextLines(target);
    expect(Math.abs(moved.wallSkewNs - before.wallSkewNs - 5 * SECOND)).toBeLessThan(LINE_TOLERANCE_NS);
    expect(Math.abs(moved.monotonicSkewNs - before.monotonicSkewNs)).toBeLessThan(LINE_TOLERANCE_NS);
    expect(Math.abs((await injector.read(target.pid, "monotonic")).readOffsetNs)).toBeLessThan(READ_TOLERANCE_NS);

    await injector.set(target.pid, -2 * SECOND, 1);
    expect(Math.abs((await injector.read(target.pid, "realtime")).readOffsetNs + 2 * SECOND)).toBeLessThan(READ_TOLERANCE_NS);
    expect(Math.abs((await nextLines(target)).wallSkewNs - before.wallSkewNs + 2 * SECOND)).toBeLessThan(LINE_TOLERANCE_NS);

    await injector.remove(target.pid);
    const removed = await injector.read(target.pid, "realtime");
    expect(removed.patched).toBe(false);
    expect(Math.abs(removed.readOffsetNs)).toBeLessThan(READ_TOLERANCE_NS);
    const after = await nextLines(target);
    expect(Math.abs(after.wallSkewNs - before.wallSkewNs)).toBeLessThan(LINE_TOLERANCE_NS);
    expect(Math.abs(after.monotonicSkewNs - before.monotonicSkewNs)).toBeLessThan(LINE_TOLERANCE_NS);
  });

  it.skipIf(name.includes("Go") && !hasGo)("keeps it running, all its threads reading the clock, through ten injections and removals", async () => {
    const target = start(argv());
    await nextLines(target, 1);
    for (let round = 0; round < 10; round++) {
      await injector.inject(target.pid, { offsetNs: SECOND, rate: 1, monotonic: false });
      await injector.remove(target.pid);
    }
    const after = await nextLines(target);
    expect(target.child.exitCode).toBeNull();
    expect(Math.abs(after.wallSkewNs)).toBeLessThan(LINE_TOLERANCE_NS);
  });
});

describe("the clock injector's other settings, on the C program", () => {
  it("moves the monotonic clocks too when asked", async () => {
    const target = start(TARGETS["a C program (clock_gettime)"]?.() ?? []);
    const before = await nextLines(target);
    await injector.inject(target.pid, { offsetNs: 5 * SECOND, rate: 1, monotonic: true });
    expect(Math.abs((await injector.read(target.pid, "monotonic")).readOffsetNs - 5 * SECOND)).toBeLessThan(READ_TOLERANCE_NS);
    expect(Math.abs((await nextLines(target)).monotonicSkewNs - before.monotonicSkewNs - 5 * SECOND)).toBeLessThan(LINE_TOLERANCE_NS);
  });

  it("runs its wall clock at twice real speed from the moment the rate is set, without a jump", async () => {
    const target = start(TARGETS["a C program (clock_gettime)"]?.() ?? []);
    await injector.inject(target.pid, { offsetNs: 0, rate: 2, monotonic: false });
    const first = await injector.read(target.pid, "realtime");
    expect(first.settings.rate).toBe(2);
    expect(Math.abs(first.readOffsetNs)).toBeLessThan(READ_TOLERANCE_NS);
    await clock.sleep(1000);
    const second = await injector.read(target.pid, "realtime");
    const realElapsed = Number(second.realNs - first.realNs);
    const readElapsed = Number(second.processNs - first.processNs);
    expect(readElapsed / realElapsed).toBeCloseTo(2, 2);
  });
});
