/**
 * The one way a command turns options into a run: `run`, `demo`, `matrix`
 * and `scenario` all build their configurations here, so a run's recorded
 * command (`config.command`), given back to `fencecheck run`, rebuilds the
 * same configuration: the lock service resolved by its adapter (its own
 * node count unless `--lock-nodes` says otherwise), the ssh hosts and
 * placement read once, the runtime the config names. Options that the
 * configuration would not use are refused (exit 254), never ignored.
 */
import { Command } from "commander";
import { HarnessError, type RunConfig, type Runtime } from "../../core/index.js";
import { createLocalRuntime, dockerRuntimeForRun, resolveLockService, runImages, sshRuntimeForRun } from "../run/index.js";
import { optionsToConfig, type ConfigEnv, type RunOptions } from "./options-to-config.js";
import { withExistingOption, type ExistingOptions } from "./existing-option.js";
import { addRunOptions } from "./run-options.js";
import { sshConfigFrom, withPlacement, type SshOptions } from "./ssh-options.js";

/** Everything `fencecheck run` parses into: its run options and the ssh runtime's. */
export type RunAndSshOptions = RunOptions & SshOptions & ExistingOptions;

/** A configuration ready to run and the runtime it names. */
export interface BuiltRun {
  readonly config: RunConfig;
  readonly runtime: Runtime;
}

/** The ssh options that mean something only to the ssh runtime (the rest have defaults). */
const SSH_ONLY: readonly (keyof SshOptions)[] = ["nodes", "nodesFile", "sshKey", "knownHosts", "acceptNewHostKeys", "placement", "hostWatchdogS", "sshSudo"];

/**
 * Validates and resolves options into a RunConfig: `optionsToConfig`, then
 * the lock adapter (`resolveLockService`), then the ssh hosts. Throws
 * "config.invalid" or "adapter.invalid" (exit 254) naming what is wrong.
 */
export async function resolveRunConfig(opts: RunAndSshOptions, env: ConfigEnv): Promise<RunConfig> {
  const given = SSH_ONLY.find((key) => opts[key] !== undefined);
  if (given !== undefined && opts.runtime !== "ssh") {
    const flag = `--${given.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    throw new HarnessError("config.invalid", `Cannot run: ${flag} is an ssh runtime option, but the runtime is "${opts.runtime}" (add --runtime ssh)`);
  }
  const resolved = await resolveLockService(withExistingOption(optionsToConfig(opts, env), opts.existing, env.cwd), { nodesGiven: opts.lockNodes !== undefined });
  if (resolved.runtime !== "ssh") return resolved;
  return withPlacement({ ...resolved, ssh: sshConfigFrom(opts, env.cwd) }, opts.placement, env.cwd);
}

/** The runtime a resolved configuration names; the ssh runtime logs its preparation of the hosts through `log`. */
export async function runtimeFor(config: RunConfig, log: (line: string) => void): Promise<Runtime> {
  if (config.runtime === "docker") return dockerRuntimeForRun(config, { images: runImages(config) });
  if (config.runtime === "ssh") return sshRuntimeForRun(config, log);
  return createLocalRuntime();
}

/** Resolves options into a configuration and its runtime (see `resolveRunConfig` and `runtimeFor`). */
export async function buildRun(opts: RunAndSshOptions, env: ConfigEnv & { readonly log: (line: string) => void }): Promise<BuiltRun> {
  const config = await resolveRunConfig(opts, env);
  return { config, runtime: await runtimeFor(config, env.log) };
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
