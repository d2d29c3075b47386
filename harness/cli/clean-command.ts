/** `fencecheck clean`: remove what a run killed with SIGKILL left behind. */
import { Command } from "commander";
import { checkRunId } from "../../core/index.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { cleanDocker, cleanLazyDisks, cleanLocal, cleanSsh, cleanupLine, connectEngine, defaultDockerStateDir, engineAnswers } from "../run/index.js";
import { addSshOptions, sshConfigFrom, type SshOptions } from "./ssh-options.js";

/** Builds the `clean` command. */
export function cleanCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return addSshOptions(new Command("clean"))
    .description("Kill the processes, delete the namespaces and containers and unmount the lazy disks of runs that did not stop (all runs, or one)")
    .option("--run-id <id>", "only this run's leftovers")
    .option("--runtime <kind>", "ssh: clean the hosts named by --nodes or --nodes-file instead of this machine")
    .action(async (given: { runId?: string; runtime?: string } & SshOptions) => {
      // Checked before anything is reached: the id goes into paths, patterns and commands as root.
      const opts = given.runId === undefined ? given : { ...given, runId: checkRunId(given.runId) };
      if (opts.runtime === "ssh") {
        setExit(await cleanHosts(ctx, opts));
        return;
      }
      const removed = await cleanLocal(opts.runId !== undefined ? { runId: opts.runId } : {});
      const docker = await cleanDockerIfReachable(opts.runId);
      // After the nodes are gone: a dead lazy disk (its server killed) holds no one then.
      const lazy = await cleanLazyDisks(opts.runId !== undefined ? { runId: opts.runId } : {});
      const n = removed.namespaces.length;
      if (n > 0 || (docker === undefined && lazy.mounts.length === 0)) {
        ctx.io.out(n === 0 ? "nothing to clean\n" : `removed ${n} namespace(s) and ${removed.processes} process(es): ${removed.namespaces.join(", ")}\n`);
      }
      if (removed.sharedObjects.length > 0) ctx.io.out(`removed ${removed.sharedObjects.length} libfaketime shared object(s) from /dev/shm\n`);
      if (docker !== undefined) ctx.io.out(`${docker}\n`);
      if (lazy.mounts.length > 0) ctx.io.out(`unmounted ${lazy.mounts.length} lazy file system(s): ${lazy.mounts.join(", ")}\n`);
      setExit(0);
    });
}

/**
 * Removes the containers and networks labelled with the run (or every
 * run) when a Docker engine answers, and says what it removed; undefined
 * when no engine answers or nothing was left.
 */
async function cleanDockerIfReachable(runId: string | undefined): Promise<string | undefined> {
  const engine = connectEngine();
  if (!(await engineAnswers(engine, 1_500))) return undefined;
  const removed = await cleanDocker(engine, { ...(runId !== undefined ? { runId } : {}), stateDir: defaultDockerStateDir() });
  if (removed.containers.length === 0 && removed.networks.length === 0) return undefined;
  return `removed ${removed.containers.length} container(s) and ${removed.networks.length} network(s) of docker run(s) ${removed.runs.join(", ")}`;
}

/** Cleans the ssh runtime's hosts: one line per host saying what was removed and what could not be; 255 when a host could not be cleaned. */
async function cleanHosts(ctx: CliContext, opts: { runId?: string } & SshOptions): Promise<ExitCode> {
  const ssh = sshConfigFrom(opts, ctx.cwd);
  const targets = ssh.hosts.map((host) => ({
    host, port: ssh.port, user: ssh.user, keyFile: ssh.keyFile, knownHostsFile: ssh.knownHostsFile, acceptNew: ssh.acceptNewHostKeys, sudo: ssh.sudo === true,
  }));
  const results = await cleanSsh(targets, opts.runId);
  for (const r of results) {
    if (r.failures.length > 0) ctx.io.err(`fencecheck: ${cleanupLine(r)}\n`);
    else ctx.io.out(`${cleanupLine(r)}${opts.runId !== undefined ? ` of run ${opts.runId}` : ""}, and the run folders\n`);
  }
  return results.some((r) => r.failures.length > 0) ? 255 : 0;
}
