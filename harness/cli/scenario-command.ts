/**
 * `fencecheck scenario list | run NAME... | run --all`: the design notes'
 * claims as runs with expected verdicts, and one page comparing them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { Command } from "commander";
import { createSystemClock, HarnessError, type RunConfig } from "../../core/index.js";
import {
  findScenario,
  runScenario,
  SCENARIO_DEFAULTS,
  scenarioList,
  type Scenario,
  type ScenarioVariant,
  type VariantOutcome,
} from "../scenario/index.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { buildRun, parseRunArgv, resolveRunConfig, type BuiltRun } from "./build-run.js";
import { renderScenarioPage, type ScenarioRow } from "../../reports/index.js";

/** Builds the `scenario` command with `list` and `run`. */
export function scenarioCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  const command = new Command("scenario").description("Run the design notes' claims as scenarios with expected verdicts");
  command.addCommand(
    new Command("list").description("List the scenarios and their variants").action(() => {
      for (const s of scenarioList()) {
        ctx.io.out(`${s.name}: ${s.claim}\n`);
        for (const v of s.variants) ctx.io.out(`  ${v.label} (expect ${v.expect}): fencecheck run ${v.argv.join(" ")}\n`);
      }
      setExit(0);
    }),
  );
  command.addCommand(
    new Command("run")
      .description("Run scenarios by name (or --all) and write one page of expected and actual verdicts")
      .argument("[names...]", "scenario names (see scenario list)")
      .option("--all", "run every scenario")
      .option("--seeds <list>", "seeds; designs that must always be safe run on each", "1,2,3")
      .option("--store <dir>", "where runs are stored", "store")
      .action(async (names: string[], opts: { all?: boolean; seeds: string; store: string }) => {
        const chosen = pickScenarios(names, opts.all === true);
        const seeds = opts.seeds.split(",").map((s) => Number(s.trim()));
        if (seeds.some((s) => !Number.isInteger(s) || s < 0)) {
          throw new HarnessError("config.invalid", `Cannot run scenarios: --seeds "${opts.seeds}" must be integers separated by commas`);
        }
        const outcomes = await runAll(chosen, seeds, opts.store, ctx);
        const page = writePage(chosen, outcomes, resolve(ctx.cwd, opts.store), createSystemClock().wallMs());
        const missed = outcomes.filter((o) => !o.passed);
        for (const o of outcomes) {
          ctx.io.out(`${o.passed ? "ok  " : "MISS"} ${o.scenario} / ${o.variant} (seed ${o.seed}): expected ${o.expect}, got ${actualWord(o)}\n`);
        }
        ctx.io.out(`scenarios: ${page}\n`);
        setExit(missed.length === 0 && !ctx.signal.aborted ? 0 : 1);
      }),
  );
  return command;
}

function pickScenarios(names: readonly string[], all: boolean): Scenario[] {
  if (all) return [...scenarioList()];
  if (names.length === 0) throw new HarnessError("config.invalid", "Cannot run scenarios: name one (see fencecheck scenario list) or pass --all");
  return names.map((name) => {
    const found = findScenario(name);
    if (!found) {
      const known = scenarioList().map((s) => s.name).join(", ");
      throw new HarnessError("config.invalid", `Cannot run scenario "${name}": no such scenario (known: ${known})`);
    }
    return found;
  });
}

async function runAll(chosen: readonly Scenario[], seeds: readonly number[], store: string, ctx: CliContext): Promise<VariantOutcome[]> {
  const out: VariantOutcome[] = [];
  for (const scenario of chosen) {
    out.push(
      ...(await runScenario(scenario, {
        seeds,
        prepare: (variant, s, seed) => variantRun(variant, s, seed, { store, cwd: ctx.cwd, log: (line) => ctx.io.err(`  ${line}\n`) }),
        signal: ctx.signal,
        whileChecking: ctx.endOnInterrupt,
        log: (line) => ctx.io.err(`== ${line}\n`),
      })),
    );
  }
  return out;
}

/** Where a scenario's runs go and how their runtimes log. */
export interface VariantEnv {
  readonly store: string;
  readonly cwd: string;
  readonly log: (line: string) => void;
}

/** The `fencecheck run` arguments of one variant on one seed. */
export function variantArgv(variant: ScenarioVariant, scenario: Scenario, seed: number, store: string): string[] {
  const name = `scenario-${scenario.name}-${variant.label.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}`;
  return [...SCENARIO_DEFAULTS, ...variant.argv, "--seed", String(seed), "--store", store, "--name", name];
}

/** The run configuration of one variant on one seed, built as `fencecheck run` builds it (the lock service resolved). */
export function variantConfig(variant: ScenarioVariant, scenario: Scenario, seed: number, env: Omit<VariantEnv, "log">): Promise<RunConfig> {
  const argv = variantArgv(variant, scenario, seed, env.store);
  return resolveRunConfig(parseRunArgv(argv), { cwd: env.cwd, defaultSeed: seed, argv: ["run", ...argv] });
}

/** One variant's configuration and runtime (see `buildRun`). */
function variantRun(variant: ScenarioVariant, scenario: Scenario, seed: number, env: VariantEnv): Promise<BuiltRun> {
  const argv = variantArgv(variant, scenario, seed, env.store);
  return buildRun(parseRunArgv(argv), { cwd: env.cwd, defaultSeed: seed, argv: ["run", ...argv], log: env.log });
}

function writePage(chosen: readonly Scenario[], outcomes: readonly VariantOutcome[], storeDir: string, wallMs: number): string {
  const dir = join(storeDir, "scenarios", new Date(wallMs).toISOString().replace(/[:]/g, "").replace(/\.\d+Z$/, "Z"));
  mkdirSync(dir, { recursive: true });
  const rows: ScenarioRow[] = outcomes.map((o) => ({
    scenario: o.scenario,
    claim: chosen.find((s) => s.name === o.scenario)?.claim ?? "",
    variant: o.variant,
    why: o.why,
    expect: o.expect,
    actual: actualWord(o),
    passed: o.passed,
    seed: o.seed,
    href: relative(dir, join(o.dir, "report.html")),
    command: o.command,
  }));
  const path = join(dir, "index.html");
  writeFileSync(path, renderScenarioPage(rows, "fencecheck: the design notes, run"));
  return path;
}

function actualWord(o: VariantOutcome): string {
  if (o.valid === false) return "invalid";
  if (o.unavailable) return "unavailable";
  return o.valid === true ? "valid" : "unknown";
}
