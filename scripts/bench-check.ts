/**
 * `npm run bench:check`: the linearizability checker's figures, every one
 * measured in this run. For each corpus (a manifest's folder and model) the
 * check time of fencecheck and, when PORCUPINE_DIR holds porcupine's source
 * and Go is installed, of porcupine on the same converted histories, with
 * the ratio (of the medians per file after a first pass over the corpus,
 * whose figures are printed too: scripts/bench/side-by-side.ts); the wall
 * and CPU time of `fencecheck check` on a small etcd log beside
 * `node -e 0`'s; the stress
 * rows at a timeout under --max-memory; two generated histories. The corpus
 * is FENCECHECK_CORPUS or ../shared/corpus beside the project. Exit 1 when a
 * verdict differs from the manifest's.
 * Env: BENCH_REPEAT (runs per file, median; 3), BENCH_STARTUP_RUNS (runs of
 * the small-file check and of node -e 0, in turns; 21), BENCH_STRESS_TIMEOUT (s; 10),
 * BENCH_MAX_MEMORY (MiB; 1024). Flags: --files, --no-stress, --no-generated,
 * --startup-only (the small etcd log's whole-process figure alone), --quick
 * (scripts/bench/quick.ts: 1 repeat, 3 startup runs, one stress row at
 * 1 s, generated histories of 10k and 100k ops; every line marked).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { resourceUsage } from "node:process";
import { fileURLToPath } from "node:url";
import { generateKvHistory, generateRegisterHistory, parseModelArg, prepareCheck, type JepsenOp } from "../checkers/index.js";
import { createRng, createSystemClock } from "../core/index.js";
import { checkParallel, readManifest } from "../harness/index.js";
import { buildDriver, type PorcupineDriver } from "./bench/porcupine.js";
import { corpora, measureCorpus, sumOf, type CorpusFigures } from "./bench/side-by-side.js";
import { runCli, startupMs, type Spread } from "./bench/whole-process.js";
import { isQuick, quickBanner } from "./bench/quick.js";
import { measurementRecorder } from "./measurements/page.js";

const quick = isQuick(process.argv.slice(2));
const recorder = measurementRecorder("bench-check", process.argv.slice(2), () => new Date());
const print = recorder.print;
// --quick: fewer startup turns and a 1 s stress timeout, unless the environment sets them.
if (quick) {
  process.env.BENCH_STARTUP_RUNS ??= "3";
  process.env.BENCH_STRESS_TIMEOUT ??= "1";
}
const goal = (met: boolean): string => (met ? "met" : "NOT MET");
/** The goal of issue 26: fencecheck's check time at most this fraction of porcupine's, on every corpus. */
const RATIO_GOAL = 0.7;
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The executable as a user runs it: package.json's bin. */
const bin = join(root, (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: { fencecheck: string } }).bin.fencecheck);
const args = new Set(process.argv.slice(2));
const repeat = Number(process.env.BENCH_REPEAT ?? (quick ? 1 : 3));

/** Folders under the corpus root (or the root itself) that hold `name`. */
function manifests(corpusRoot: string, name: string): string[] {
  if (existsSync(join(corpusRoot, name))) return [join(corpusRoot, name)];
  if (!existsSync(corpusRoot)) return [];
  // By path, so that a folder linked in (a symlink to ../shared/corpus/porcupine) counts too.
  return readdirSync(corpusRoot)
    .filter((entry) => existsSync(join(corpusRoot, entry, name)))
    .map((entry) => join(corpusRoot, entry, name));
}

async function sideBySide(corpusRoot: string, driver: PorcupineDriver | undefined): Promise<number> {
  const found = manifests(corpusRoot, "expected.tsv");
  if (found.length === 0) print(`# no corpus: no expected.tsv in ${corpusRoot} or its folders (set FENCECHECK_CORPUS)`);
  let mismatches = 0;
  for (const manifest of found) {
    print(`# corpus ${manifest}: check time only, in-process; each checker checks every file once (first pass), then each ${repeat} times: the median per file, summed, is the goal's figure`);
    const figures: CorpusFigures[] = [];
    const groups = corpora(manifest, readManifest(manifest));
    for (const [name, rows] of groups) {
      const f = await measureCorpus(name, rows, repeat, driver, (line) => args.has("--files") && print(line));
      [...f.mismatches, ...f.porcupineDisagrees].forEach((m) => print(m));
      mismatches += f.mismatches.length;
      figures.push(f);
      printFigures(name, f, driver !== undefined, groups.size > 1);
    }
    // A folder of several models (e.g. Knossos's cas-register, multi-register and mutex histories) also gets its total.
    if (figures.length > 1) printFigures(`${basename(dirname(manifest))} (all ${figures.length} models)`, totalOf(figures), driver !== undefined);
  }
  return mismatches;
}

/**
 * One corpus's line: the goal's figures (medians after the first pass), then
 * the first pass's. The goal is judged on a corpus of several files; a
 * model with one file in a folder of several models (a single check of a
 * fraction of a millisecond, the first of its model in the process) is
 * judged with its folder's total.
 */
function printFigures(name: string, f: Totals, driverBuilt: boolean, inFolder = false): void {
  const ours = `${name}\t${f.files} file${f.files === 1 ? "" : "s"}\tfencecheck ${f.fencecheckMs.toFixed(1)} ms`;
  if (f.porcupineMs === undefined || f.porcupineFirstMs === undefined) {
    print(`${ours}\tporcupine not run${driverBuilt ? " (model not in the driver)" : ""}\tfirst pass: fencecheck ${f.fencecheckFirstMs.toFixed(1)} ms`);
    return;
  }
  const ratio = f.fencecheckMs / f.porcupineMs;
  const judged = inFolder && f.files === 1 ? "goal judged on the folder's total" : `goal ratio <= ${RATIO_GOAL.toFixed(2)}: ${goal(ratio <= RATIO_GOAL)}`;
  const first = `first pass: fencecheck ${f.fencecheckFirstMs.toFixed(1)} ms, porcupine ${f.porcupineFirstMs.toFixed(1)} ms, ratio ${(f.fencecheckFirstMs / f.porcupineFirstMs).toFixed(2)}`;
  print(`${ours}\tporcupine ${f.porcupineMs.toFixed(1)} ms\tratio ${ratio.toFixed(2)}\t${judged}\t${first}`);
}

type Totals = Pick<CorpusFigures, "files" | "fencecheckMs" | "porcupineMs" | "fencecheckFirstMs" | "porcupineFirstMs">;

/** The sums of several corpora's figures; porcupine's only when it ran on every one. */
function totalOf(figures: readonly CorpusFigures[]): Totals {
  const sum = (pick: (f: CorpusFigures) => number): number => sumOf(figures, pick);
  const ours = { files: sum((f) => f.files), fencecheckMs: sum((f) => f.fencecheckMs), fencecheckFirstMs: sum((f) => f.fencecheckFirstMs) };
  if (!figures.every((f) => f.porcupineMs !== undefined)) return ours;
  return { ...ours, porcupineMs: sum((f) => f.porcupineMs!), porcupineFirstMs: sum((f) => f.porcupineFirstMs!) };
}

/**
 * The whole process of `fencecheck check` on a small etcd log (Jepsen's log
 * format, as porcupine's etcd corpus has it): 40 ops of a register drawn
 * from seed 3, checked with the etcd-register model the format selects, so
 * almost all of its wall time is the process's start. Beside it, in the same
 * turns, `node -e 0`: Node's own start on this machine (with the same
 * environment: NODE_EXTRA_CA_CERTS, say, costs both alike).
 */
async function smallFile(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "fencecheck-bench-"));
  try {
    const ops = generateRegisterHistory({ ops: 20, clients: 3, rng: createRng(3) });
    const file = join(dir, "small-etcd.log");
    writeFileSync(file, ops.map(etcdLogLine).join(""));
    const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 21);
    print(`# whole process: wall and CPU time (user + system), median of ${runs} runs each, fencecheck and node -e 0 in turns`);
    await startupLine(file, ops.length, runs, "in this environment", process.env);
    // Node reads NODE_EXTRA_CA_CERTS's whole file at every start, before any of our code runs: where the
    // environment sets it, the same turns without it show what a machine without it would see.
    const { NODE_EXTRA_CA_CERTS: extraCerts, ...withoutCerts } = process.env;
    if (extraCerts) await startupLine(file, ops.length, runs, `without NODE_EXTRA_CA_CERTS (set here to ${extraCerts})`, withoutCerts);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One line of whole-process figures: `runs` turns of the check and of
 * `node -e 0`, both in `env`; wall time (the goal's) and CPU time (user +
 * system: what a shared machine's load moves least).
 */
async function startupLine(file: string, ops: number, runs: number, where: string, env: NodeJS.ProcessEnv): Promise<void> {
  const { check, node, verdict } = await startupMs(bin, file, runs, env);
  const ms = (s: Spread): string => `${s.median.toFixed(0)} ms (quartiles ${s.p25.toFixed(0)}-${s.p75.toFixed(0)})`;
  print(
    `fencecheck check of a ${ops}-line etcd log, ${where}\t${verdict}\twall ${ms(check.wall)}, CPU ${ms(check.cpu)}\t` +
      `node -e 0: wall ${ms(node.wall)}, CPU ${ms(node.cpu)}\t` +
      `above node -e 0: wall ${(check.wall.median - node.wall.median).toFixed(0)} ms, CPU ${(check.cpu.median - node.cpu.median).toFixed(0)} ms\t` +
      `goal under 60 ms on a quiet machine: ${goal(check.wall.median < 60)}`,
  );
}

/** One op as a line of Jepsen's etcd log ("INFO  jepsen.util - 1\t:invoke\t:cas\t[4 3]"). */
function etcdLogLine(op: JepsenOp): string {
  const value = op.value === null ? "nil" : Array.isArray(op.value) ? `[${op.value.map((v) => (v === null ? "nil" : String(v))).join(" ")}]` : String(op.value);
  return `INFO  jepsen.util - ${op.process}\t:${op.type}\t:${op.f}\t${value}\n`;
}

async function stress(corpusRoot: string): Promise<number> {
  const seconds = Number(process.env.BENCH_STRESS_TIMEOUT ?? 10);
  const maxMiB = Number(process.env.BENCH_MAX_MEMORY ?? 1024);
  let mismatches = 0;
  for (const manifest of manifests(corpusRoot, "stress.tsv")) {
    print(`# stress ${manifest}: fencecheck check --timeout ${seconds} --max-memory ${maxMiB} (porcupine not run: it does not finish these in 120 s)`);
    for (const row of readManifest(manifest).slice(0, quick ? 1 : undefined)) {
      const run = await runCli(bin, ["check", row.path, "--model", row.modelText, "--timeout", String(seconds), "--max-memory", String(maxMiB)]);
      const verdict = run.stdout.split("\n")[0]?.split("\t")[2] ?? `exit ${run.exitCode}`;
      const wrong = verdict !== "unknown" && verdict !== row.expected;
      if (wrong) mismatches++;
      const atTimeout = verdict === "unknown" && run.wallMs >= seconds * 1000;
      print(
        `${row.path}\t${row.modelText}\t${verdict}${wrong ? `  MISMATCH (expected ${row.expected})` : ""}\t${(run.wallMs / 1000).toFixed(1)} s wall\t${run.peakMiB.toFixed(0)} MiB peak RSS\t` +
          `goal unknown at the timeout under ${maxMiB} MiB: ${goal(atTimeout && run.peakMiB <= maxMiB)}`,
      );
    }
  }
  return mismatches;
}

async function generated(label: string, model: string, make: () => JepsenOp[]): Promise<void> {
  const clock = createSystemClock();
  const ops = make();
  const prepared = prepareCheck(ops, label, "edn", parseModelArg(model));
  const start = clock.nowNs();
  const result = await checkParallel(prepared, {});
  const ms = (clock.nowNs() - start) / 1e6;
  print(`${label}\t${model}\t${result.result}\t${ms.toFixed(0)} ms check\t${(resourceUsage().maxRSS / 1024).toFixed(0)} MiB peak RSS of the bench so far`);
}

async function main(): Promise<number> {
  if (quick) print(quickBanner("bench-check", "1 repeat, 3 startup runs, one stress row at 1 s, generated histories of 10k and 100k ops"));
  if (args.has("--startup-only")) return smallFile().then(() => 0);
  const corpusRoot = resolve(process.env.FENCECHECK_CORPUS ?? join(root, "..", "shared", "corpus"));
  print("# timings are of this machine now: on a shared machine compare the ratios of one run, not absolute figures");
  const built = buildDriver(root, process.env.PORCUPINE_DIR);
  const driver = typeof built === "string" ? undefined : built;
  print(driver ? `# porcupine: built from ${driver.source} with our driver (scripts/porcupine-driver)` : `# porcupine not run: ${String(built)}`);
  try {
    let mismatches = await sideBySide(corpusRoot, driver);
    await smallFile();
    if (!args.has("--no-stress")) mismatches += await stress(corpusRoot);
    if (!args.has("--no-generated")) {
      print("# generated histories");
      const [registerOps, kvOps] = quick ? ["10k", "100k"] : ["100k", "1M"];
      await generated(`register ${registerOps} ops, 10 clients`, "cas-register", () => generateRegisterHistory({ ops: quick ? 10_000 : 100_000, clients: 10, rng: createRng(1) }));
      await generated(`kv ${kvOps} ops, 1000 keys`, "kv", () => generateKvHistory({ ops: quick ? 100_000 : 1_000_000, clients: 20, keys: 1000, rng: createRng(2) }));
    }
    return mismatches > 0 ? 1 : 0;
  } finally {
    driver?.dispose();
  }
}

process.exitCode = await main();
recorder.write();
