/**
 * `npm run bench -- --quick` as CI runs it, so that no bench rots unseen:
 * the compiled suite (dist/scripts/bench.js; the test suite builds first)
 * runs every bench's quick variant, real runs included (namespaces, root),
 * and each bench must exit 0 and print each kind of figure its full run
 * prints: a recognizable label with a number. No Go or porcupine (the
 * check bench says there is none), no Docker. About 3 minutes on 2 cores.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BENCHES, type Bench } from "./bench/suite.js";

const root = resolve(import.meta.dirname, "..");
const suiteJs = join(root, "dist", "scripts", "bench.js");
/** Generous: the quick suite takes about 3 minutes on 2 cores, longer on a loaded machine. */
const SUITE_TIMEOUT_MS = 600_000;
const N = String.raw`-?\d+(?:\.\d+)?`;
const BARS = "[▁▂▃▄▅▆▇█]+";

/** The corpus bench-check reads, and whether it holds manifests (then its corpus and stress lines are due). */
const corpusRoot = resolve(process.env.FENCECHECK_CORPUS ?? join(root, "..", "shared", "corpus"));
const hasManifest = (name: string): boolean =>
  existsSync(join(corpusRoot, name)) || (existsSync(corpusRoot) && readdirSync(corpusRoot).some((d) => existsSync(join(corpusRoot, d, name))));

/** A line of quick output: the mark, then `body` (a regular expression's source) to the line's end. */
const line = (body: string): RegExp => new RegExp(String.raw`^\(quick\) ${body}$`, "m");

/** Each bench's figures: one pattern per kind of line, each with its label and its numbers. */
const FIGURES: Record<Bench, readonly RegExp[]> = {
  "bench-check.js": [
    line(String.raw`# porcupine (not run: .+|: built from .+)`),
    ...(hasManifest("expected.tsv") ? [line(String.raw`.+\t\d+ files?\tfencecheck ${N} ms\t.+\tfirst pass: fencecheck ${N} ms.*`)] : [line(String.raw`# no corpus: .+`)]),
    line(String.raw`fencecheck check of a \d+-line etcd log, in this environment\tok\t.*${N} ms.*\tnode -e 0: .*${N} ms.*\tabove node -e 0: .*${N} ms.*\tgoal under 60 ms on a quiet machine: (met|NOT MET)`),
    ...(hasManifest("stress.tsv") ? [line(String.raw`.+\t(unknown|ok|illegal)\t${N} s wall\t${N} MiB peak RSS\tgoal .+: (met|NOT MET)`)] : []),
    line(String.raw`register 10k ops, 10 clients\tcas-register\tok\t${N} ms check\t${N} MiB peak RSS of the bench so far`),
    line(String.raw`kv 100k ops, 1000 keys\tkv\tok\t${N} ms check\t${N} MiB peak RSS of the bench so far`),
  ],
  "bench-report.js": [
    line(String.raw`generate 10000 ops +${N} ms`),
    // The synthetic run writes with unfenced storage: its stale writes make it INVALID.
    line(String.raw`checkers \(not the report\) +${N} ms  verdict false`),
    ...["report model", String.raw`charts \(Chart\.js PNGs\)`, "html"].map((label) => line(String.raw`${label} +${N} ms`)),
    line(String.raw`report total +${N} ms  \(CPU ${N} ms\)`),
    line(String.raw`report size: ${N} MB \(charts ${N} MB, timelines and text ${N} MB\) for \d+ ops`),
    line(String.raw`goal: under \d+ ms and \d+ MB: (met|NOT met).*`),
  ],
  "bench-services.js": [
    line(String.raw`service +nodes +bring-up +lock-write \(5 clients, 2 s, no faults\)`),
    ...["reference", "redlock"].map((lock) => line(String.raw`${lock} +\d+ +${N} s +${N} ok ops/s  \(valid\)`)),
  ],
  "bench-run.js": [
    line(String.raw`run 1: ${N} s, CPU ${N} s \(exit 0; to start ${N}, network ${N}, services ${N}, agents ${N}, after the limit ${N}, stop ${N}, check\+report ${N}, exit ${N}\)`),
    line(String.raw`fixed cost: median ${N} s, best ${N} s; CPU of the run's processes median ${N} s\tgoal at most 1\.0 s on a quiet machine: (met|NOT MET)`),
    ...["the default holds", "--hold-ms 100"].map((holds) => line(String.raw`# seed bug with ${holds}: .+, seeds 1\.\.1`)),
    line(String.raw`unfenced +stale write caught on \d+ of 1 seeds  \(median wall ${N} s, longest ${N} s\)`),
    line(String.raw`fenced +valid on \d+ of 1 seeds  \(median wall ${N} s, longest ${N} s\)`),
    line(String.raw`durable +5 clients: \d+ ok ops/s  \(\d+ ok ops in ${N} s; exit 0\); ${N} ms of CPU per ok op over all the run's processes.*`),
    line(String.raw`  per ok op: ([a-z ]+ ${N}, )+unsampled ${N}`),
    line(String.raw`  steady window \(1 s to 3 s\): \d+ ok ops/s, ${N} ms of CPU per ok op: .*[a-z]+ ${N}`),
    ...["redis", "redlock"].map((lock) => line(String.raw`${lock} +stale write found: \d+ of 1`)),
    ...["etcd", "zookeeper"].map((lock) => line(String.raw`${lock} +lock service ready ${N} s, workload running ${N} s, wall ${N} s`)),
    ...["partition", "pause"].map((nemesis) => line(String.raw`${nemesis} +\d+ ops, late by median ${N} ms, worst ${N} ms; \d+ with an error`)),
    line(String.raw`\(load average ${N} ${N} ${N} at the end\)`),
  ],
  "bench-soak.js": [
    line(String.raw`soak: 10 s, RSS ${N} MB \(max ${N}\), \d+ ops recorded`),
    line(String.raw`soak: 20 s run at full speed \(.+\), harness RSS sampled every 1 s \(\d+ samples\)`),
    // Fenced storage under pause-holder, partition and kill: valid, or unknown on a loaded machine; never INVALID.
    line(String.raw`  start ${N} MB  max ${N} MB  end ${N} MB  \(exit [02]: .+\)`),
    line(String.raw`  \d+ ops recorded; end minus start ${N} MB \(${N} MB per million ops\)`),
    line(String.raw`  RSS 0\.\.${N} MB \|${BARS}\|`),
    line(String.raw`  live heap \(lowest after-GC heap of each tenth of the run, \d+ GCs\): (${N} )+MB`),
    line(String.raw`  live heap 0\.\.${N} MB \|${BARS}\|`),
  ],
  "bench-clocks.js": [
    ...["unpatched", "patched-offset", "patched-rate-monotonic", "removed"].map((state) => line(String.raw`${state} +${N} ns +${N} ns`)),
    // The claim the bench exists for: a run without clock faults patches no process; one with them patches the service's.
    line(String.raw`no clock fault +[1-9]\d* seen +0 patched +${N} ok ops/s`),
    line(String.raw`clock-skew on its node +([1-9]\d*) seen +\1 patched +${N} ok ops/s`),
  ],
};

interface SuiteRun {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

let pid: number | undefined;
let running = false;

/** Runs the built suite with --quick in its own process group (so a timeout can stop all it started). */
function runSuite(): Promise<SuiteRun> {
  const child = spawn(process.execPath, [suiteJs, "--quick"], { cwd: root, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  pid = child.pid;
  running = true;
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  return new Promise((done) => child.on("close", (code) => ((running = false), done({ code, out, err }))));
}

/** One bench's output: from its header line to the next bench's (or the summary). */
function section(out: string, bench: Bench): string {
  const start = out.indexOf(`(quick) ==== npm run bench: ${bench} --quick\n`);
  if (start < 0) return "";
  const next = out.indexOf("(quick) ==== npm run bench: ", start + 1);
  const summary = out.indexOf("(quick) npm run bench: ", start + 1);
  const ends = [next, summary].filter((i) => i > start);
  return out.slice(start, ends.length > 0 ? Math.min(...ends) : undefined);
}

describe("npm run bench -- --quick, from the build", () => {
  let suite: SuiteRun = { code: null, out: "", err: "" };
  beforeAll(async () => {
    suite = await runSuite();
  }, SUITE_TIMEOUT_MS);
  // A suite cut short by the timeout: SIGTERM to its group, so each run heals and stops its nodes.
  afterAll(() => {
    if (running && pid !== undefined) process.kill(-pid, "SIGTERM");
  });

  it("runs every bench, each exiting 0, and exits 0", () => {
    for (const bench of BENCHES) expect(suite.out, suite.err).toMatch(line(String.raw`npm run bench: ${bench.replace(".", String.raw`\.`)} exited 0 after ${N} s wall`));
    expect(suite.code, suite.err).toBe(0);
  });

  it("marks every line it prints as quick, so that none is quoted as a real figure", () => {
    const lines = suite.out.split("\n").slice(0, -1);
    expect(lines.length).toBeGreaterThan(50);
    expect(lines.filter((l) => !l.startsWith("(quick) "))).toEqual([]);
    for (const bench of BENCHES) expect(section(suite.out, bench)).toMatch(line(String.raw`${bench.replace(".js", "")} --quick \(.+\): these figures show the bench runs, not what fencecheck does: never quote them`));
  });

  it.each(BENCHES)("%s prints each kind of figure, a label with its numbers", (bench) => {
    const text = section(suite.out, bench);
    for (const figure of FIGURES[bench]) expect(text, `${bench}: no line matching ${figure.source}`).toMatch(figure);
  });
});
