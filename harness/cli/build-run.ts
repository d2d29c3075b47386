/**
 * The one way a command turns options into a run: `run`, `demo`, `matrix`
 * and `scenario` all build their runs here, so a run's recorded command
 * (`config.command`), given back to `fencecheck run`, rebuilds the same
 * configuration: resolved once by `resolveRun` (the lock adapter loaded
 * once, the lock service its own node count unless `--lock-nodes` says
 * otherwise, the ssh hosts and placement read once, the nemesis plan drawn
 * from the final config), and the runtime the config names, given the
 * loaded adapter. Options that the configuration would not use are refused
 * (exit 254), never ignored.
 */
import { Command } from "commander";
import { HarnessError, type RunConfig, type Runtime } from "../../core/index.js";
import { lockRequirements, resolveRun, runImages, type ResolvedRun } from "../run/index.js";
import { createLocalRuntime, dockerRuntimeForRun, sshRuntimeForRun } from "../runtime/index.js";
import { optionsToConfig, type ConfigEnv, type RunOptions } from "./options-to-config.js";
import { withExistingOption, type ExistingOptions } from "./existing-option.js";
import { addRunOptions } from "./run-options.js";
import { sshHostsFrom, type SshOptions } from "./ssh-options.js";

/** Everything `fencecheck run` parses into: its run options and the ssh runtime's. */
export type RunAndSshOptions = RunOptions & SshOptions & ExistingOptions;

/** A run ready to start and the runtime its config names. */
export interface BuiltRun {
  readonly run: ResolvedRun;
  readonly runtime: Runtime;
}

/** The ssh options that mean something only to the ssh runtime (the rest have defaults). */
const SSH_ONLY: readonly (keyof SshOptions)[] = ["nodes", "nodesFile", "sshKey", "knownHosts", "acceptNewHostKeys", "placement", "hostWatchdogS", "sshSudo"];

/**
 * Validates and resolves options into a run: `optionsToConfig` (or `given`,
 * the config the caller already built from these options for its up-front
 * refusals), then `resolveRun` (the lock adapter, the ssh hosts, the
 * nemesis). Throws "config.invalid" or "adapter.invalid" (exit 254) naming
 * what is wrong.
 */
export async function resolveRunOptions(opts: RunAndSshOptions, env: ConfigEnv, given?: RunConfig): Promise<ResolvedRun> {
  const ssh = SSH_ONLY.find((key) => opts[key] !== undefined);
  if (ssh !== undefined && opts.runtime !== "ssh") {
    const flag = `--${ssh.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    throw new HarnessError("config.invalid", `Cannot run: ${flag} is an ssh runtime option, but the runtime is "${opts.runtime}" (add --runtime ssh)`);
  }
  return resolveRun(withExistingOption(given ?? optionsToConfig(opts, env), opts.existing, env.cwd), {
    nodesGiven: opts.lockNodes !== undefined,
    sshHosts: () => sshHostsFrom(opts, env.cwd),
  });
}

/** The configuration `resolveRunOptions` resolves, for commands that record or show a run without starting it. */
export async function resolveRunConfig(opts: RunAndSshOptions, env: ConfigEnv): Promise<RunConfig> {
  return (await resolveRunOptions(opts, env)).config;
}

/** The runtime a resolved run names, given what it needs of the loaded adapter (its files, its launch's programs); the ssh runtime logs its preparation of the hosts through `log`. */
export async function runtimeFor(run: ResolvedRun, log: (line: string) => void): Promise<Runtime> {
  const { config, adapter } = run;
  if (config.runtime === "docker") return dockerRuntimeForRun(config, { images: runImages(config), adapterFiles: adapter.adapter.files });
  if (config.runtime === "ssh") return sshRuntimeForRun(config, { adapterFiles: adapter.adapter.files, lockRequirements: lockRequirements(config, adapter.adapter), log });
  return createLocalRuntime();
}

/** Resolves options into a run and its runtime (see `resolveRunOptions` and `runtimeFor`). */
export async function buildRun(opts: RunAndSshOptions, env: ConfigEnv & { readonly log: (line: string) => void }): Promise<BuiltRun> {
  const run = await resolveRunOptions(opts, env);
  return { run, runtime: await runtimeFor(run, env.log) };
}

/**
 * Parses the arguments of a `fencecheck run` command line (without "run")
 * with run's own options, as `fencecheck run` would; throws "config.invalid"
 * on an unknown option or a missing value. For commands that build a run's
 * command line (demo, matrix, scenario) and record it to be run again.
 */
export function parseRunArgv(argv: readonly string[]): RunAndSshOptions {
  const parser = addRunOptions(new Command("run"))
    .exitOverride()
    .allowExcessArguments(false)
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  try {
    parser.parse([...argv], { from: "user" });
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/^error: /, "") : String(error);
    throw new HarnessError("config.invalid", `Cannot run "fencecheck run ${argv.join(" ")}": ${message}`);
  }
  return parser.opts<RunAndSshOptions>();
}
