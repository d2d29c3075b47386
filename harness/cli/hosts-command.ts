/**
 * `fencecheck hosts`: the sandbox of local SSH hosts (`up`, `down`, `build`)
 * and `prepare`, which deploys what the ssh runtime's nodes run.
 */
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { Command } from "commander";
import { createSystemClock, HarnessError } from "../../core/index.js";
import { endingOnInterrupt, type CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { lockServiceRequirements } from "../run/index.js";
import { buildHostImage, connectEngine, createSshRuntime, hostsDown, hostsUp, packageRoot, pingEngine } from "../runtime/index.js";
import { addSshOptions, sshConfigFrom, type SshOptions } from "./ssh-options.js";

/** Builds the `hosts` command and its subcommands. */
export function hostsCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  // Ctrl-C ends the process at once while it waits on the engine or builds the host image (an image is
  // tagged only once built); the hosts' containers, once they start, are left to `hosts down`.
  const endOnInterrupt = endingOnInterrupt(ctx);
  const up = new Command("up")
    .description("Start N local hosts (Docker containers running Debian's OpenSSH server); the last line is the options for `fencecheck run`")
    .option("--count <n>", "how many hosts", "5")
    .option("--dir <dir>", "where to write the hosts file, key pair and known_hosts", join(homedir(), ".fencecheck", "hosts"))
    .option("--name <name>", "the sandbox's name (containers fencecheck-<name>-<i>)", "hosts")
    .action(async (opts: { count: string; dir: string; name: string }) => {
      const engine = connectEngine();
      const clock = createSystemClock();
      const image = await endOnInterrupt(async () => {
        await pingEngine(engine);
        return buildHostImage(engine, { clock, log: (line) => ctx.io.err(`${line}\n`) });
      });
      if (image.status === "built") ctx.io.err(`host image built in ${image.durationMs} ms\n`);
      const sandbox = await hostsUp(engine, { count: Number(opts.count), dir: resolve(ctx.cwd, opts.dir), name: opts.name, image: image.image, clock });
      for (const [i, address] of sandbox.addresses.entries()) ctx.io.out(`host n${i + 1}: root@${address}\n`);
      ctx.io.out(`${sandbox.runOptions}\n`);
      setExit(0);
    });
  const down = new Command("down")
    .description("Remove the sandbox hosts")
    .option("--name <name>", "the sandbox's name", "hosts")
    .action(async (opts: { name: string }) => {
      const engine = connectEngine();
      await pingEngine(engine);
      const removed = await hostsDown(engine, opts.name);
      ctx.io.out(removed.length === 0 ? "no sandbox hosts\n" : `removed ${removed.length} host(s): ${removed.join(", ")}\n`);
      setExit(0);
    });
  const build = new Command("build")
    .description("Build the sandbox hosts' image (debootstrap from this machine's Debian mirror; cached by its inputs)")
    .option("--force", "rebuild even when the inputs did not change")
    .action((opts: { force?: boolean }) => endOnInterrupt(async () => {
      const engine = connectEngine();
      await pingEngine(engine);
      const image = await buildHostImage(engine, { clock: createSystemClock(), ...(opts.force ? { force: true } : {}), log: (line) => ctx.io.out(`${line}\n`) });
      ctx.io.out(`host: ${image.status} in ${image.durationMs} ms (${image.tag})\n`);
      setExit(0);
    }));
  const prepare = addSshOptions(new Command("prepare"))
    .description("Reach every host, check what it needs (one line per missing thing, with how to install it) and copy what the nodes run")
    .option("--lock <adapter>", "also check on every host the program this lock service's nodes run (a built-in name or an adapter module's path)", "reference")
    .action(async (opts: SshOptions & { lock: string }) => {
      const ssh = sshConfigFrom(opts, ctx.cwd);
      let problems = 0;
      const runtime = createSshRuntime({
        hosts: ssh.hosts, user: ssh.user, port: ssh.port, keyFile: ssh.keyFile, knownHostsFile: ssh.knownHostsFile, acceptNew: ssh.acceptNewHostKeys, sudo: ssh.sudo === true,
        storeDir: ctx.cwd, packageRoot: packageRoot(), requirements: await lockServiceRequirements(modulePath(opts.lock, ctx.cwd)),
        onProblem: (line) => {
          problems++;
          ctx.io.out(`${line}\n`);
        },
        log: (line) => ctx.io.out(`${line}\n`),
      });
      try {
        const hosts = await runtime.prepare();
        for (const h of hosts) ctx.io.out(`host "${h.ssh.target.host}": ready (clock ${h.time.wallOffsetMs.toFixed(1)} ms from this machine's, round trip ${h.time.roundTripMs.toFixed(1)} ms)\n`);
        runtime.close();
        setExit(0);
      } catch (error) {
        if (problems > 0 && error instanceof HarnessError && error.code === "config.invalid") setExit(254);
        else throw error;
      }
    });
  return new Command("hosts").description("Hosts for --runtime ssh: a local sandbox, and preparing your own")
    .addCommand(up).addCommand(down).addCommand(build).addCommand(prepare);
}

/** An adapter module's path made absolute against `cwd` (a built-in name as it is). Pure. */
function modulePath(lock: string, cwd: string): string {
  return /[/\\]|\.(m?js|cjs|ts)$/.test(lock) ? resolve(cwd, lock) : lock;
}
