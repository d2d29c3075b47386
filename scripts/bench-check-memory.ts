/**
 * `npm run bench:check-memory -- [ops] [--max-memory MiB] [--invalid]`
 * (default 10,000,000 ops, 2048 MiB): writes a synthetic run folder of that
 * many ops (`synth-run.js`: the lock-write workload, 10 clients on 10
 * resources, valid by construction; `--invalid`: one stale write storage
 * accepted, which the check must find) into a temporary folder, then checks it
 * with the compiled CLI, `fencecheck analyze <dir> --max-memory MiB`, while
 * sampling the check's resident memory (VmRSS) every 500 ms. Prints the
 * history's size, the verdict line and exit code, the wall and CPU time and
 * the peak RSS with a small chart of the samples. The folder is removed
 * afterwards (FENCECHECK_BENCH_DIR keeps it, and reuses a folder already
 * written there). An analysis the bound stopped prints its unknown line and
 * exits 2: that is the bound working, not a crash. Writes its figures to
 * docs/measurements/check-memory.md (scripts/measurements/page.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { countLines, rssMb } from "./bench/proc-status.js";
import { measurementRecorder } from "./measurements/page.js";

const BARS = "▁▂▃▄▅▆▇█";
const BIN = resolve(import.meta.dirname, "../harness/cli/bin.js");
const SYNTH = resolve(import.meta.dirname, "synth-run.js");
const recorder = measurementRecorder("bench-check-memory", process.argv.slice(2), () => new Date());

function chart(samples: readonly number[], width = 60): string {
  const columns = Math.min(width, samples.length);
  const top = Math.max(...samples, 1);
  let line = "";
  for (let c = 0; c < columns; c++) {
    const share = samples.slice(Math.floor((c * samples.length) / columns), Math.floor(((c + 1) * samples.length) / columns));
    line += BARS[Math.min(BARS.length - 1, Math.floor((Math.max(...share) / top) * BARS.length))];
  }
  return line;
}

/** CPU seconds (user + system) of a process and its reaped children, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ");
    if (fields === undefined) return undefined;
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function analyze(dir: string, maxMiB: number): Promise<{ code: number | null; out: string; samples: number[]; cpu: number; wallMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, "analyze", dir, "--max-memory", String(maxMiB)], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  const samples: number[] = [];
  let cpu = 0;
  const timer = setInterval(() => {
    const mb = child.pid === undefined ? undefined : rssMb(child.pid);
    if (mb !== undefined) samples.push(mb);
    cpu = (child.pid === undefined ? undefined : cpuSeconds(child.pid)) ?? cpu;
  }, 500);
  const code = await new Promise<number | null>((res) => child.once("close", (c) => res(c)));
  clearInterval(timer);
  return { code, out, samples, cpu, wallMs: performance.now() - started };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf("--max-memory");
  const maxMiB = at === -1 ? 2048 : Number(args[at + 1]);
  const ops = Number(args.find((a, i) => (at === -1 || i !== at + 1) && !a.startsWith("--")) ?? "10000000");
  const invalid = args.includes("--invalid");
  if (!(ops > 0) || !(maxMiB > 0)) throw new Error("usage: bench-check-memory.js [ops] [--max-memory MiB] [--invalid]");
  const kept = process.env["FENCECHECK_BENCH_DIR"];
  const dir = kept ?? mkdtempSync(join(tmpdir(), "fencecheck-bench-check-memory-"));
  try {
    if (!existsSync(join(dir, "history.jsonl"))) {
      const made = spawnSync(process.execPath, [SYNTH, dir, String(ops), ...(invalid ? ["--invalid"] : [])], { stdio: "inherit" });
      if (made.status !== 0) throw new Error(`synth-run exited ${made.status}`);
    }
    const lines = countLines(join(dir, "history.jsonl"));
    const mb = (x: number): string => `${x.toFixed(1)} MB`;
    recorder.print(`check memory: ${lines} ops (history.jsonl ${mb(statSync(join(dir, "history.jsonl")).size / 2 ** 20)}), fencecheck analyze --max-memory ${maxMiB}`);
    const r = await analyze(dir, maxMiB);
    recorder.print(`  ${r.out.split("\n").filter((l) => l !== "" && !l.startsWith("report:")).slice(0, 2).join("\n  ")}`);
    recorder.print(`  exit ${r.code}; wall ${(r.wallMs / 1000).toFixed(1)} s, CPU ${r.cpu.toFixed(1)} s; peak RSS ${mb(Math.max(...r.samples, 0))}`);
    if (r.samples.length > 0) recorder.print(`  RSS 0..${mb(Math.max(...r.samples))} |${chart(r.samples)}|`);
    if (r.code !== 0 && r.code !== 1 && r.code !== 2) process.exitCode = 255;
    else recorder.write();
  } finally {
    if (kept === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(255);
});
