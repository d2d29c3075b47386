/**
 * `npm run bench:soak` (and the end of `npm run bench`): one long run of the
 * compiled CLI, `--nemesis pause-holder,partition,kill`, while this script
 * samples the harness process's resident memory (VmRSS in /proc) every
 * second. Prints the RSS when the workload started, the highest sample,
 * the last sample before the final reads, and the run's exit code: a
 * harness that leaks shows an end well above its start. The run lasts
 * FENCECHECK_SOAK_SECONDS (default 600, ten minutes). Needs root and a build.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const SECONDS = Number(process.env["FENCECHECK_SOAK_SECONDS"] ?? "600");
const BIN = resolve(import.meta.dirname, "../harness/cli/bin.js");

/** The process's resident set in MB, or undefined once it is gone. */
function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

interface Soak {
  readonly samples: readonly number[];
  readonly code: number | null;
  readonly verdict: string;
}

async function soak(store: string): Promise<Soak> {
  const child = spawn(process.execPath, [BIN, "run", "--nemesis", "pause-holder,partition,kill", "--time-limit", String(SECONDS),
    "--seed", "1", "--store", store], { stdio: ["ignore", "pipe", "pipe"] });
  const samples: number[] = [];
  let phase: "starting" | "running" | "finishing" = "starting";
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (/^  running /m.test(text)) phase = "running";
    if (/healed; final reads|interrupted|stopping nodes/.test(text)) phase = "finishing";
  });
  const timer = setInterval(() => {
    const mb = child.pid === undefined || phase !== "running" ? undefined : rssMb(child.pid);
    if (mb !== undefined) samples.push(mb);
  }, 1000);
  const code = await new Promise<number | null>((res) => child.once("close", (c) => res(c)));
  clearInterval(timer);
  return { samples, code, verdict: stdout.split("\n")[0] ?? "" };
}

async function main(): Promise<void> {
  const store = mkdtempSync(join(tmpdir(), "fencecheck-bench-soak-"));
  try {
    const { samples, code, verdict } = await soak(store);
    const [start, end] = [samples[0], samples.at(-1)];
    if (start === undefined || end === undefined) throw new Error(`The soak run gave no RSS sample (exit ${code}): ${verdict}`);
    const mb = (x: number): string => `${x.toFixed(1)} MB`;
    process.stdout.write(`soak: ${SECONDS} s run (pause-holder, partition, kill), harness RSS sampled every 1 s (${samples.length} samples)\n`);
    process.stdout.write(`  start ${mb(start)}  max ${mb(Math.max(...samples))}  end ${mb(end)}  (exit ${code}: ${verdict.split(" (")[0]})\n`);
  } finally {
    rmSync(store, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(255);
});
