/** `fencecheck clean`: remove what a run killed with SIGKILL left behind. */
import { Command } from "commander";
import { HarnessError, checkRunId } from "../../core/index.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { cleanDocker, cleanLazyDisks, cleanLocal, cleanSsh, cleanupLine, connectEngine, controllerId, defaultDockerStateDir, engineAnswers } from "../runtime/index.js";
import { addSshOptions, sshConfigFrom, type SshOptions } from "./ssh-options.js";

/** What `clean` is asked to reach: one run, this controller's runs, or every run (`all`). */
interface CleanScope {
  readonly runId?: string;
  readonly all: boolean;
  /** Without `runId` or `all`: this machine's (controller-id.ts). */
  readonly controllerId?: string;
}

/** Builds the `clean` command. */
export function cleanCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return addSshOptions(new Command("clean"))
    .description("Kill the processes, delete the namespaces and containers and unmount the lazy disks of runs that did not stop (this machine's runs, one run, or all)")
    .option("--run-id <id>", "only this run's leftovers, whichever machine started it")
    .option("--all", "every run's leftovers: also the Docker objects and host processes and rules of runs another control machine started, or that a fencecheck without controller ids started (without it those are left alone and listed)")
    .option("--runtime <kind>", "ssh: clean the hosts named by --nodes or --nodes-file instead of this machine")
    .addHelpText("after", [
      "",
      "Without --run-id or --all, clean touches only the runs of this control machine: on this machine the namespaces, cgroups,",
      "folders and lazy disks of its runs (by their exact names), and on a Docker engine or the hosts only the containers, networks,",
      "processes and iptables jumps carrying this machine's controller id (kept in /var/lib/fencecheck/controller-id). Runs of",
      "other controllers, and runs started before controller ids existed, are left alone and named. A Docker label that is not a",
      "run id is never used as a path: its objects stay on the engine, one line each.",
    ].join("\n"))
    .action(async (given: { runId?: string; runtime?: string; all?: boolean } & SshOptions) => {
      // Checked before anything is reached: the id goes into paths, patterns and commands as root.
      if (given.runId !== undefined && given.all === true) throw new HarnessError("config.invalid", "Cannot clean with both --run-id and --all: --run-id cleans one run, --all every run");
      const runId = given.runId === undefined ? undefined : checkRunId(given.runId);
      // Read (or made) only when it chooses: a run named by its id, or every run, is cleaned whatever the state folder holds.
      const scope: CleanScope = runId !== undefined ? { runId, all: false } : { all: given.all === true, ...(given.all === true ? {} : { controllerId: controllerId() }) };
      if (given.runtime === "ssh") {
        setExit(await cleanHosts(ctx, given, scope));
        return;
      }
      const only = scope.runId !== undefined ? { runId: scope.runId } : {};
      const removed = await cleanLocal(only);
      const docker = await cleanDockerIfReachable(scope);
      // After the nodes are gone: a dead lazy disk (its server killed) holds no one then.
      const lazy = await cleanLazyDisks(only);
      const n = removed.namespaces.length;
      if (n > 0 || (docker.length === 0 && lazy.mounts.length === 0)) {
        ctx.io.out(n === 0 ? "nothing to clean\n" : `removed ${n} namespace(s) and ${removed.processes} process(es): ${removed.namespaces.join(", ")}\n`);
      }
      if (removed.sharedObjects.length > 0) ctx.io.out(`removed ${removed.sharedObjects.length} libfaketime shared object(s) from /dev/shm\n`);
      for (const line of docker) ctx.io.out(`${line}\n`);
      if (lazy.mounts.length > 0) ctx.io.out(`unmounted ${lazy.mounts.length} lazy file system(s): ${lazy.mounts.join(", ")}\n`);
      for (const why of lazy.skipped) ctx.io.out(`left a lazy file system alone: ${printable(why)}\n`);
      setExit(0);
    });
}

/** `text` with every control character written as \uXXXX: none reaches the terminal. Pure. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A label as a quoted, escaped word: no control character of it reaches the terminal. Pure. */
export function labelWord(label: string): string {
  return printable(JSON.stringify(label));
}

/**
 * Removes the containers and networks of the run (or of this controller's
 * runs, or of every run) when a Docker engine answers, and says what it
 * removed, which runs it left alone and which labels it refused; no line
 * when no engine answers or nothing was there.
 */
async function cleanDockerIfReachable(scope: CleanScope): Promise<string[]> {
  const engine = connectEngine();
  if (!(await engineAnswers(engine, 1_500))) return [];
  const removed = await cleanDocker(engine, { ...scope, stateDir: defaultDockerStateDir() });
  return [
    ...(removed.containers.length === 0 && removed.networks.length === 0 ? [] : [`removed ${removed.containers.length} container(s) and ${removed.networks.length} network(s) of docker run(s) ${removed.runs.join(", ")}`]),
    ...(removed.leftAlone.length === 0 ? [] : [`left alone the docker run(s) of another control machine or of an older fencecheck: ${removed.leftAlone.map(labelWord).join(", ")} (clean them with --run-id, or --all)`]),
    ...removed.refused.map((label) => `left on the engine the containers and networks labelled fencecheck.run=${labelWord(label)}: not a run id`),
  ];
}

/** Cleans the ssh runtime's hosts: one line per host saying what was removed and what could not be; 255 when a host could not be cleaned. */
async function cleanHosts(ctx: CliContext, opts: SshOptions, scope: CleanScope): Promise<ExitCode> {
  const ssh = sshConfigFrom(opts, ctx.cwd);
  const targets = ssh.hosts.map((host) => ({
    host, port: ssh.port, user: ssh.user, keyFile: ssh.keyFile, knownHostsFile: ssh.knownHostsFile, acceptNew: ssh.acceptNewHostKeys, sudo: ssh.sudo === true,
  }));
  const results = await cleanSsh(targets, scope);
  for (const r of results) {
    if (r.failures.length > 0) ctx.io.err(`fencecheck: ${cleanupLine(r)}\n`);
    else ctx.io.out(`${cleanupLine(r)}${scope.runId !== undefined ? ` of run ${scope.runId}` : ""}, and the run folders\n`);
  }
  return results.some((r) => r.failures.length > 0) ? 255 : 0;
}
