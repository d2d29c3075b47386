/**
 * `npm run bench` (after a build): every bench that prints issue 26's
 * figures, one after the other, each in its own process with its output
 * as it comes: bench-check, bench-report, bench-services, bench-run,
 * bench-soak (scripts/bench/suite.ts), each writing its page under
 * docs/measurements/ (scripts/measurements/page.ts). `npm run bench -- --quick` (or
 * `npm run bench:quick`) passes `--quick` to each: small sizes, one repeat,
 * short runs, every line marked `(quick)`, no page written (scripts/bench/quick.ts); CI runs
 * it from scripts/bench-quick.int.test.ts. A bench that fails does not stop
 * the others; the suite ends with one line per bench (exit code, wall time)
 * and exits 0 when all exited 0, else with the first failure's code
 * (scripts/bench/suite.ts). Any other argument: one line, exit 254.
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSystemClock } from "../core/index.js";
import { BENCHES, benchHeader, benchSummary, parseSuiteArgs, suiteExitCode, type Bench, type BenchEnd } from "./bench/suite.js";

const here = dirname(fileURLToPath(import.meta.url));

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Runs one bench's compiled script to its end, its output going straight to ours. */
function runBench(bench: Bench, args: readonly string[]): Promise<BenchEnd> {
  const clock = createSystemClock();
  const child = spawn(process.execPath, [join(here, bench), ...args], { stdio: "inherit" });
  return new Promise((done) => {
    child.once("error", () => done({ bench, code: 255, signal: null, wallMs: clock.nowNs() / 1e6 }));
    child.once("exit", (code, signal) => done({ bench, code, signal, wallMs: clock.nowNs() / 1e6 }));
  });
}

async function main(): Promise<number> {
  const parsed = parseSuiteArgs(process.argv.slice(2));
  if ("error" in parsed) {
    process.stderr.write(`${parsed.error}\n`);
    return 254;
  }
  const args = parsed.quick ? ["--quick"] : [];
  const ends: BenchEnd[] = [];
  for (const bench of BENCHES) {
    print(benchHeader(bench, parsed.quick));
    ends.push(await runBench(bench, args));
  }
  for (const end of ends) print(benchSummary(end, parsed.quick));
  return suiteExitCode(ends);
}

process.exitCode = await main();
