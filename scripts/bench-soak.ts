/**
 * `npm run bench:soak` (and the end of `npm run bench`): one long run of the
 * compiled CLI at full speed (`--hold-ms 0`, 10 clients on 10 resources),
 * `--nemesis pause-holder,partition,kill`, while this script
 * samples the harness process's resident memory (VmRSS in /proc) every
 * second. Prints the RSS when the workload started, the highest sample,
 * the last sample before the final reads, the ops the run recorded, the
 * growth per million ops, a small chart of every sample, and the run's exit
 * code: a harness that keeps its ops shows an end well above its start.
 * After the workload, the RSS is still sampled while the run heals, reads,
 * checks and reports: its peak is printed apart (the check holds what the
 * run did not). Needs root and a build.
 *
 * Options (`npm run bench:soak -- --seed 2 --lock etcd --seconds 3600`;
 * `--help` prints them):
 * - `--seed <n>`: the run's seed (default 1);
 * - `--lock <adapter>`: the lock service (default reference);
 * - `--storage <kind>`: the storage (default fenced);
 * - `--seconds <n>`: how long the workload runs (default
 *   FENCECHECK_SOAK_SECONDS, else 600, ten minutes; 20 with `--quick`);
 * - `--quick` (scripts/bench/quick.ts): a 20 s run unless told otherwise, a
 *   progress line every 10 s, every line marked.
 * FENCECHECK_SOAK_BIN runs another build's bin.js (to compare two builds in
 * the same minutes). FENCECHECK_SOAK_STORE keeps the run in that folder (for
 * `fencecheck analyze` afterwards) instead of a temporary one; a run that is
 * not valid is kept in any case.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { countLines, rssMb } from "./bench/proc-status.js";
import { isQuick, quickBanner } from "./bench/quick.js";
import { measurementRecorder } from "./measurements/page.js";

const USAGE = `usage: bench-soak [--seed <n>] [--lock <adapter>] [--storage <kind>] [--seconds <n>] [--quick]
  --seed <n>          the run's seed (default 1)
  --lock <adapter>    the lock service (default reference)
  --storage <kind>    the storage (default fenced)
  --seconds <n>       how long the workload runs (default FENCECHECK_SOAK_SECONDS, else 600; 20 with --quick)
  --quick             a short run whose figures are marked, never to be quoted`;

/** What one soak runs. */
interface SoakOptions {
  readonly quick: boolean;
  readonly seed: number;
  readonly lock: string;
  readonly storage: string;
  readonly seconds: number;
}

/** The soak's options from its arguments and environment, or the line saying what is wrong ("help" for --help). Pure. */
function soakOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): SoakOptions | { readonly error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv], strict: true,
      options: { seed: { type: "string" }, lock: { type: "string" }, storage: { type: "string" }, seconds: { type: "string" }, quick: { type: "boolean" }, help: { type: "boolean" } },
    }));
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  if (values.help === true) return { error: "help" };
  const quick = isQuick(argv);
  const seed = Number(values.seed ?? "1");
  const seconds = Number(values.seconds ?? env["FENCECHECK_SOAK_SECONDS"] ?? (quick ? "20" : "600"));
  if (!Number.isSafeInteger(seed) || seed < 0) return { error: `--seed must be a whole number, not "${values.seed}"` };
  if (!Number.isFinite(seconds) || seconds <= 0) return { error: `--seconds must be a positive number, not "${values.seconds ?? env["FENCECHECK_SOAK_SECONDS"]}"` };
  return { quick, seed, seconds, lock: values.lock ?? "reference", storage: values.storage ?? "fenced" };
}

const parsed = soakOptions(process.argv.slice(2), process.env);
if ("error" in parsed) {
  process.stderr.write(parsed.error === "help" ? `${USAGE}\n` : `bench-soak: ${parsed.error}\n${USAGE}\n`);
  process.exit(parsed.error === "help" ? 0 : 2);
}
const options: SoakOptions = parsed;
const { quick } = options;
/** The page a soak writes: its own for etcd and ZooKeeper (scripts/measurements/pages.ts), so the three long soaks can run side by side; soak.md for any other lock. */
const pageBench = options.lock === "etcd" || options.lock === "zookeeper" ? `bench-soak-${options.lock}` : "bench-soak";
const recorder = measurementRecorder(pageBench, process.argv.slice(2), () => new Date());
const print = recorder.print;
const SECONDS = options.seconds;
/** Seconds between the progress lines printed while the workload runs. */
const PROGRESS_EVERY = quick ? 10 : 60;
const BIN = process.env["FENCECHECK_SOAK_BIN"] ?? resolve(import.meta.dirname, "../harness/cli/bin.js");
const BARS = "▁▂▃▄▅▆▇█";

/**
 * The samples as one line of bars, `width` columns at most (each column the
 * highest sample of its share), scaled from 0 to the highest sample, so a
 * flat run reads as a flat line and growth as a ramp.
 */
function rssChart(samples: readonly number[], width = 60): string {
  if (samples.length === 0) return "";
  const columns = Math.min(width, samples.length);
  const top = Math.max(...samples);
  let line = "";
  for (let c = 0; c < columns; c++) {
    const share = samples.slice(Math.floor((c * samples.length) / columns), Math.floor(((c + 1) * samples.length) / columns));
    const level = top === 0 ? 0 : Math.max(...share) / top;
    line += BARS[Math.min(BARS.length - 1, Math.floor(level * BARS.length))];
  }
  return line;
}

/** Ops (lines) in the run's history.jsonl, counted in chunks (an hour's file is larger than a string may be). */
function recordedOps(store: string): number {
  try {
    return countLines(join(realpathSync(join(store, "latest")), "history.jsonl"));
  } catch {
    return 0;
  }
}

/** The heap size after a collection, from one line of node's --trace-gc (`... Scavenge 12.1 (14.0) -> 10.2 (15.0) MB ...`). */
function heapAfterGc(line: string): number | undefined {
  const m = /(?:Scavenge|Mark-Compact|Mark-sweep)[^>]*-> ([\d.]+) \(/.exec(line);
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

/**
 * The live heap over time: the lowest post-GC heap size of each tenth of the
 * samples (garbage not yet collected inflates single samples; the lowest
 * after-GC size of a stretch is what the process really kept).
 */
function liveHeapByTenth(samples: readonly number[]): number[] {
  const out: number[] = [];
  for (let t = 0; t < 10; t++) {
    const share = samples.slice(Math.floor((t * samples.length) / 10), Math.floor(((t + 1) * samples.length) / 10));
    if (share.length > 0) out.push(Math.min(...share));
  }
  return out;
}

interface Soak {
  readonly samples: readonly number[];
  /** RSS samples after the workload: heal, final reads, check and report (MB). */
  readonly after: readonly number[];
  /** The heap after every garbage collection while the workload ran (MB). */
  readonly heap: readonly number[];
  readonly code: number | null;
  readonly verdict: string;
  /** The run's last stderr lines (shown when it exits with a harness failure). */
  readonly stderrTail: string;
}

async function soak(store: string): Promise<Soak> {
  const child = spawn(process.execPath, ["--trace-gc", BIN, "run", "--lock", options.lock, "--storage", options.storage, "--nemesis", "pause-holder,partition,kill",
    "--hold-ms", "0", "--clients", "10", "--resources", "10", "--time-limit", String(SECONDS), "--seed", String(options.seed), "--store", store], { stdio: ["ignore", "pipe", "pipe"] });
  const samples: number[] = [];
  const after: number[] = [];
  const heap: number[] = [];
  let phase: "starting" | "running" | "finishing" = "starting";
  let stdout = "";
  let partial = "";
  child.stdout.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const mb = heapAfterGc(line);
      if (mb === undefined) stdout += `${line}\n`;
      else if (phase === "running") heap.push(mb);
    }
  });
  let stderrTail = "";
  child.stderr.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    stderrTail = (stderrTail + text).slice(-2000);
    if (/^  running /m.test(text)) phase = "running";
    if (/healed; final reads|interrupted|stopping nodes/.test(text)) phase = "finishing";
  });
  const timer = setInterval(() => {
    const mb = child.pid === undefined || phase === "starting" ? undefined : rssMb(child.pid);
    if (mb !== undefined) (phase === "running" ? samples : after).push(mb);
    // A line a minute (10 s when quick), so that a soak cut short (a machine rebooted, a process killed) still leaves its figures.
    if (mb !== undefined && phase === "running" && samples.length % PROGRESS_EVERY === 0) {
      print(`soak: ${samples.length} s, RSS ${mb.toFixed(1)} MB (max ${Math.max(...samples).toFixed(1)}), ${recordedOps(store)} ops recorded`);
    }
  }, 1000);
  const code = await new Promise<number | null>((res) => child.once("close", (c) => res(c)));
  clearInterval(timer);
  return { samples, after, heap, code, verdict: stdout.split("\n")[0] ?? "", stderrTail };
}

async function main(): Promise<void> {
  const given = process.env["FENCECHECK_SOAK_STORE"];
  const store = given ?? mkdtempSync(join(tmpdir(), "fencecheck-bench-soak-"));
  mkdirSync(store, { recursive: true });
  if (quick) print(quickBanner("bench-soak", `a ${SECONDS} s run`));
  let keep = given !== undefined;
  try {
    const { samples, after, heap, code, verdict, stderrTail } = await soak(store);
    if (code !== 0 && code !== 1) print(`the soak run exited ${code}; its last stderr lines:\n${stderrTail.split("\n").slice(-8).join("\n")}`);
    const [start, end] = [samples[0], samples.at(-1)];
    if (start === undefined || end === undefined) throw new Error(`The soak run gave no RSS sample (exit ${code}): ${verdict}`);
    const mb = (x: number): string => `${x.toFixed(1)} MB`;
    const ops = recordedOps(store);
    const perMillion = ops > 0 ? ` (${(((end - start) * 1e6) / ops).toFixed(0)} MB per million ops)` : "";
    print(`soak: ${SECONDS} s run at full speed (${options.lock}, ${options.storage}, seed ${options.seed}, --hold-ms 0, 10 clients, pause-holder, partition, kill), harness RSS sampled every 1 s (${samples.length} samples)`);
    print(`  start ${mb(start)}  max ${mb(Math.max(...samples))}  end ${mb(end)}  (exit ${code}: ${verdict.split(" (")[0]})`);
    print(`  ${ops} ops recorded; end minus start ${mb(end - start)}${perMillion}`);
    print(`  RSS 0..${mb(Math.max(...samples))} |${rssChart(samples)}|`);
    const live = liveHeapByTenth(heap);
    if (live.length > 0) {
      print(`  live heap (lowest after-GC heap of each tenth of the run, ${heap.length} GCs): ${live.map((x) => x.toFixed(1)).join(" ")} MB`);
      print(`  live heap 0..${mb(Math.max(...live))} |${rssChart(live, 10)}|`);
    }
    if (after.length > 0) print(`  after the workload (heal, final reads, check, report): ${after.length} s, peak RSS ${mb(Math.max(...after))} |${rssChart(after)}|`);
    keep ||= code !== 0;
    if (code !== 0) print(`  the run is not valid: its folder is kept for fencecheck analyze: ${store}\n  ${verdict}`);
    else if (keep) print(`  the run's folder is kept: ${store}`);
    recorder.write();
  } finally {
    if (!keep) rmSync(store, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(255);
});
