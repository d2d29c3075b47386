/**
 * `npm run libraries`: what fencecheck finds in popular npm lock libraries.
 * Runs each library's built-in adapter (scripts/libraries/cells.ts) under
 * pause-holder, a clock jump on one client, partition-holder and kill-lock,
 * with unfenced and with protective storage, each cell one `fencecheck run`
 * (the compiled CLI, local runtime) with a hard timeout; then writes
 * docs/measurements/libraries.md and libraries.html (each verdict linked to
 * one sentence of why), stamped with the date, commit and machine.
 *
 * Needs root, the Debian packages and `npm run build`. Arguments:
 * `--seed N` (7), `--time-limit S` (10), `--acquire-timeout-ms MS` (10000: the
 * preflight acquire has this long too, which a machine shared with other
 * work needs), `--jobs N` (1 run at a time),
 * `--only ADAPTER` (repeatable).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { cells, type Cell } from "./libraries/cells.js";
import { renderHtml, renderMarkdown, type CellResult, type PageStamp } from "./libraries/page.js";
import { explainCell, type RunOutcome } from "./libraries/why.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = join(ROOT, "dist/harness/cli/bin.js");
/** A cell's hard limit: bring-up, the time limit, the final reads and the check, on a loaded machine. */
const CELL_TIMEOUT_MS = 300_000;
const FAULT_STARTS = new Set(["pause", "kill", "clock", "start-partition"]);

interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

/** Starts the cells' CLI processes and can stop them all: `stop` passes Ctrl-C to each (it stops its run's nodes) and starts no more. */
interface CliRunner {
  run(args: readonly string[]): Promise<Finished>;
  stop(): void;
  readonly stopped: boolean;
}

function cliRunner(): CliRunner {
  const running = new Set<ReturnType<typeof spawn>>();
  let stopped = false;
  return {
    get stopped() {
      return stopped;
    },
    stop() {
      stopped = true;
      for (const child of running) child.kill("SIGINT");
    },
    run(args) {
      return new Promise((done) => {
        const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"], cwd: ROOT });
        running.add(child);
        let stdout = "";
        let stderr = "";
        let timedOut = false;
        child.stdout.on("data", (c: Buffer) => void (stdout += c.toString()));
        child.stderr.on("data", (c: Buffer) => void (stderr += c.toString()));
        // Past the timeout the run is interrupted (Ctrl-C: it cleans up), then killed 60 s later and cleaned by its id.
        const interrupt = setTimeout(() => {
          timedOut = true;
          child.kill("SIGINT");
          setTimeout(() => child.kill("SIGKILL"), 60_000).unref();
        }, CELL_TIMEOUT_MS);
        child.on("close", (code, signal) => {
          running.delete(child);
          clearTimeout(interrupt);
          if (signal === "SIGKILL") cleanRun(stderr);
          done({ code, stdout, stderr, timedOut });
        });
      });
    },
  };
}

/** After a run had to be killed: `fencecheck clean --run-id` for that run only (its id from its "(run ID)" line). */
function cleanRun(stderr: string): void {
  const runId = /\(run (\w+)\)/.exec(stderr)?.[1];
  if (runId) execFileSync(process.execPath, [BIN, "clean", "--run-id", runId], { stdio: "ignore", timeout: 120_000 });
}

function jsonLines(path: string): Record<string, unknown>[] | undefined {
  if (!existsSync(path)) return undefined;
  return readFileSync(path, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** What the run folder says: writes storage rejected, and faults that struck (completed without an error). */
function runFacts(runDir: string): Pick<RunOutcome, "rejectedWrites" | "faultsStruck"> {
  const storage = jsonLines(join(runDir, "storage.jsonl"));
  const nemesis = jsonLines(join(runDir, "nemesis.jsonl")) ?? [];
  const struck = nemesis.filter((op) => op["type"] !== "invoke" && FAULT_STARTS.has(String(op["f"])) && op["error"] === undefined);
  return { rejectedWrites: storage?.filter((r) => r["accepted"] === false).length, faultsStruck: struck.length };
}

async function runCell(cell: Cell, storeRoot: string, cli: CliRunner): Promise<CellResult> {
  const store = join(storeRoot, cell.id);
  const finished = await cli.run([...cell.args, "--store", store]);
  const runDir = join(store, "latest");
  const facts = existsSync(runDir) ? runFacts(runDir) : { rejectedWrites: undefined, faultsStruck: 0 };
  const result = explainCell({ ...finished, ...facts });
  process.stdout.write(`${cell.id}: ${result.verdict} (exit ${finished.code}) ${result.why}\n`);
  return { cell, result };
}

/** Runs `todo` with at most `jobs` at a time, keeping their order; starts none once `stopped()` says so. */
async function pool<T, R>(todo: readonly T[], jobs: number, work: (t: T) => Promise<R>, stopped: () => boolean): Promise<R[]> {
  const out: R[] = new Array<R>(todo.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < todo.length && !stopped(); i = next++) out[i] = await work(todo[i] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return out;
}

function commitOf(): string {
  const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" }).trim() !== "";
  return dirty ? `${head} (with uncommitted changes)` : head;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: "string", default: "7" }, "time-limit": { type: "string", default: "10" }, "acquire-timeout-ms": { type: "string", default: "10000" },
      jobs: { type: "string", default: "1" }, only: { type: "string", multiple: true },
    },
  });
  const settings = { seed: Number(values.seed), timeLimitS: Number(values["time-limit"]), acquireTimeoutMs: Number(values["acquire-timeout-ms"]) };
  const only = values.only ?? [];
  const todo = cells(settings).filter((c) => only.length === 0 || only.includes(c.library.adapter));
  if (todo.length === 0) throw new Error(`Cannot run the libraries page: no library called ${only.join(", ")}`);
  if (!existsSync(BIN)) throw new Error(`Cannot run the libraries page: "${BIN}" does not exist (run npm run build)`);
  // The commit the runs are made from, taken before they start (commits made meanwhile do not count).
  const commit = commitOf();
  const loadAverageAtStart = loadavg()[0]!;
  const storeRoot = mkdtempSync(join(tmpdir(), "fencecheck-libraries-"));
  try {
    const cli = cliRunner();
    process.on("SIGTERM", () => cli.stop());
    const results = await pool(todo, Number(values.jobs), (cell) => runCell(cell, storeRoot, cli), () => cli.stopped);
    if (cli.stopped) throw new Error("The libraries page was stopped (SIGTERM): its runs were interrupted, nothing was written");
    const machine = `${cpus().length} cores, load average ${loadAverageAtStart.toFixed(1)} at the start`;
    const stamp: PageStamp = { date: new Date().toISOString().slice(0, 10), commit, machine, ...settings };
    const pages = join(ROOT, "docs/measurements");
    mkdirSync(pages, { recursive: true });
    writeFileSync(join(pages, "libraries.html"), renderHtml(results, stamp));
    writeFileSync(join(pages, "libraries.md"), `# What fencecheck finds in popular lock libraries\n\n${renderMarkdown(results, stamp)}`);
    process.stdout.write("wrote docs/measurements/libraries.md and docs/measurements/libraries.html\n");
  } finally {
    rmSync(storeRoot, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
