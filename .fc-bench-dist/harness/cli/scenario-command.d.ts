import { Command } from "commander";
import { type RunConfig } from "../core/index.js";
import { type Scenario, type ScenarioVariant } from "../scenario/index.js";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";
/** Builds the `scenario` command with `list` and `run`. */
export declare function scenarioCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command;
/** The run configuration of one variant on one seed, parsed as `fencecheck run` would parse it. */
export declare function variantConfig(variant: ScenarioVariant, scenario: Scenario, seed: number, store: string, cwd: string): RunConfig;
