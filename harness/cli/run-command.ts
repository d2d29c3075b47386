/** `fencecheck run`: one test against a lock service, with faults. */
import { Command, Option } from "commander";
import { createSystemClock } from "../../core/index.js";
import { checkStore, resolveLockService, runTest, createLocalRuntime, dockerRuntimeForRun, sshRuntimeForRun, faultPackages, resolveNemesis } from "../run/index.js";
import { resolve } from "node:path";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { optionsToConfig, STORAGE_KINDS, type RunOptions } from "./options-to-config.js";
import { applyRunFile } from "./apply-run-file.js";
import { outcomeExitCode, printOutcome } from "./print-outcome.js";
import { runProgress } from "./progress.js";
import { addSshOptions, sshConfigFrom, withPlacement, type SshOptions } from "./ssh-options.js";

/** Builds the `run` command. */
export function runCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  const faults = faultPackages().map((p) => `  ${p.name}: ${p.description}`).join("\n");
  return addRunOptions(new Command("run"))
    .description("Run a test: start the nodes, run clients under faults, check the history, write the report")
    .addHelpText("after", `\nFaults (--nemesis, comma-separated):\n${faults}\n`)
    .option("--config <file>", "a JSON run file of run options (camelCase flag names); flags given here override it")
    .option("--junit <file>", "also write JUnit XML (one test case per checker) to this file, for CI")
    .action(async (given: RunOptions & { config?: string }, command: Command) => {
      const opts = applyRunFile(given, command, ctx.cwd);
      const defaultSeed = createSystemClock().wallMs() % 1_000_000;
      const resolved = await resolveLockService(optionsToConfig(opts, { cwd: ctx.cwd, defaultSeed, argv: ctx.argv }), {
        nodesGiven: opts.lockNodes !== undefined,
      });
      const ssh = opts as RunOptions & SshOptions;
      const config = resolved.runtime === "ssh" ? withPlacement({ ...resolved, ssh: sshConfigFrom(ssh, ctx.cwd) }, ssh.placement, ctx.cwd) : resolved;
      checkStore(config.storeDir);
      const junit = (given as { junit?: string }).junit;
      const nemesis = resolveNemesis(config);
      const progress = runProgress(ctx.io, { timeLimitMs: config.timeLimitMs, shading: nemesis.shading });
      const outcome = await runTest(config, {
        nemesis,
        runtime: config.runtime === "docker" ? dockerRuntimeForRun(config)
          : config.runtime === "ssh" ? await sshRuntimeForRun(config, (line) => progress.log(`  ${line}\n`)) : createLocalRuntime(),
        signal: ctx.signal,
        whileChecking: ctx.endOnInterrupt,
        log: (line) => progress.log(`  ${line}\n`),
        onOp: (op) => progress.onOp(op),
        ...(junit !== undefined ? { junitPath: resolve(ctx.cwd, junit) } : {}),
      }).finally(() => progress.stop());
      printOutcome(ctx.io, outcome);
      setExit(outcomeExitCode(outcome));
    });
}

/** The options of `run` (shared with `demo`). */
export function addRunOptions(command: Command): Command {
  return addSshOptions(command)
    .option("--lock <adapter>", "lock service: a built-in adapter (reference) or a path to an adapter module", "reference")
    .option("--endpoints <list>", "host:port,... of a lock service the harness does not start")
    .option("--lock-nodes <n>", "lock service nodes to start (default: the adapter's own, e.g. 3 for etcd)")
    .option("--lock-quorum <n>", "votes a grant needs in a replicated lock service (quorum adapter; default a majority)")
    .option("--lock-witnesses <n>", "how many lock nodes are witnesses that vote but hold no data (quorum adapter)")
    .addOption(new Option("--storage <kind>", "storage semantics").choices([...STORAGE_KINDS]).default("fenced"))
    .option("--storage-nodes <n>", "storage nodes to start", "1")
    .option("--workload <name>", "what clients do and how it is checked: lock-write (acquire, write under the token, release) or lock-mutex (acquire, hold, release; checked as a mutex)", "lock-write")
    .option("--nemesis <faults>", "comma-separated fault packages, or none", "none")
    .option("--nemesis-interval <seconds>", "time between faults", "3")
    .option("--fault-opt <fault.option=value>", "a per-fault option, repeatable", collect, [])
    .option("--time-limit <seconds>", "how long clients run", "20")
    .option("--seed <n>", "seed for every random choice (default: from the clock, printed)")
    .option("--clients <n>", "concurrent clients, each its own process and node", "5")
    .option("--resources <n>", "resources (lock names and storage keys) clients contend for", "2")
    .option("--ttl-ms <ms>", "lease time to live", "2000")
    .option("--hold-ms <ms>", "time a client holds the lease before writing (or releasing): one value, or a range like 50..1500 (default: 70% 50..150 ms, 30% 65-85% of the TTL)")
    .option("--lease-check <mode>", "before writing, a client checks its lease by its own clock: none, skip (the write) or self-fence (exit)", "none")
    .option("--write-delay-ms <ms>", "time between a client's lease check and its write: the window a pause can hit", "0")
    .option("--single-writer", "each client uses only its own resource (single-writer partitioning)")
    .option("--volatile-services", "our own services (reference lock, our storage) answer without waiting for fsync: faster, but a power loss may take back a grant or an accepted write (durable by default)")
    .option("--acquire-timeout-ms <ms>", "how long an acquire waits for a busy lock", "3000")
    .option("--op-timeout-ms <ms>", "an op that takes longer is recorded as info and its process retired", "10000")
    .option("--store <dir>", "where runs are stored", "store")
    .option("--name <name>", "the run's name in the store (default: from lock, storage and faults)")
    .option("--runtime <kind>", "where nodes run: local (network namespaces), docker (containers) or ssh (your hosts)", "local")
    .option("--placement <file>", "ssh runtime: which host runs each node, one \"node host\" pair a line (the rest placed by default)");
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
