/**
 * The ssh runtime's options of `fencecheck run`: the hosts (--nodes or a
 * hosts file, one a line as Jepsen's), how to log in, and the placement of
 * nodes, resolved once and recorded in the run's config.
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { HarnessError, type SshConfig } from "../../core/index.js";
import { parsePlacement } from "../runtime/index.js";

/** A host name or an IPv4/IPv6 address: nothing a shell or iptables could read as more than one word. */
const HOST_NAME = /^[A-Za-z0-9_][A-Za-z0-9._:-]*$/;

/** The raw ssh options commander hands over. */
export interface SshOptions {
  readonly nodes?: string;
  readonly nodesFile?: string;
  readonly sshUser?: string;
  readonly sshKey?: string;
  readonly sshPort?: string;
  readonly knownHosts?: string;
  readonly acceptNewHostKeys?: boolean;
  readonly placement?: string;
  readonly hostWatchdogS?: string;
  readonly sshSudo?: boolean;
}

/** Adds the options that name the hosts and how to log in (run, demo, hosts prepare, clean). */
export function addSshOptions(command: Command): Command {
  return command
    .option("--nodes <hosts>", "ssh runtime: the hosts, comma-separated (lock nodes go on the first)")
    .option("--nodes-file <file>", "ssh runtime: a file of hosts, one a line")
    .option("--ssh-user <user>", "ssh runtime: the user to log in as (faults need root)", "root")
    .option("--ssh-key <file>", "ssh runtime: the private key (default: the SSH agent, then ~/.ssh/id_*)")
    .option("--ssh-port <port>", "ssh runtime: sshd's port on every host", "22")
    .option("--known-hosts <file>", "ssh runtime: the known_hosts file host keys are checked against (default ~/.ssh/known_hosts)")
    .option("--accept-new-host-keys", "ssh runtime: accept and record the key of a host known_hosts does not list (a changed key is still refused)")
    .option("--ssh-sudo", "ssh runtime: run what needs root through sudo -n (always when --ssh-user is not root; sudo must not ask for a password)");
}

/** Reads the hosts and login options; throws "config.invalid" (254) naming the bad option or file. */
export function sshConfigFrom(opts: SshOptions, cwd: string): SshConfig {
  const hosts = opts.nodesFile !== undefined ? hostsFile(resolve(cwd, opts.nodesFile)) : (opts.nodes ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  if (opts.nodes !== undefined && opts.nodesFile !== undefined) invalid("give --nodes or --nodes-file, not both");
  if (hosts.length === 0) invalid("--runtime ssh needs hosts: --nodes n1,n2,... or --nodes-file FILE");
  if (new Set(hosts).size !== hosts.length) invalid(`a host is listed twice in ${hosts.join(",")}`);
  const odd = hosts.find((h) => !HOST_NAME.test(h));
  if (odd !== undefined) invalid(`host ${JSON.stringify(odd)} is not a host name or address (letters, digits, ".", "-", ":" and "_" only)`);
  const port = Number(opts.sshPort ?? "22");
  if (!Number.isInteger(port) || port < 1 || port > 65535) invalid(`--ssh-port "${opts.sshPort}" is not a port`);
  const user = opts.sshUser ?? "root";
  if (!/^[a-z_][a-z0-9_.-]*\$?$/i.test(user)) invalid(`--ssh-user ${JSON.stringify(user)} is not a user name`);
  const watchdogS = opts.hostWatchdogS === undefined ? undefined : Number(opts.hostWatchdogS);
  if (watchdogS !== undefined && !(/^\d+$/.test(opts.hostWatchdogS ?? "") && watchdogS >= 2 && watchdogS <= 86_400)) invalid(`--host-watchdog-s "${opts.hostWatchdogS}" is not a whole number of seconds from 2 to 86400`);
  return {
    hosts,
    user,
    port,
    ...(opts.sshKey === undefined ? {} : { keyFile: resolve(cwd, opts.sshKey) }),
    knownHostsFile: resolve(cwd, opts.knownHosts ?? join(homedir(), ".ssh", "known_hosts")),
    acceptNewHostKeys: opts.acceptNewHostKeys === true,
    ...(watchdogS === undefined ? {} : { watchdogS }),
    ...(opts.sshSudo === true || user !== "root" ? { sudo: true } : {}),
  };
}

/**
 * The hosts and login options with the placement file's choices (some
 * nodes, or all), for `resolveRun`, which places the rest once it knows the
 * run's nodes; throws as `sshConfigFrom` does, then "input.invalid" for a
 * placement file it cannot read.
 */
export function sshHostsFrom(opts: SshOptions, cwd: string): SshConfig {
  const ssh = sshConfigFrom(opts, cwd);
  if (opts.placement === undefined) return ssh;
  const chosen = parsePlacement(readText(resolve(cwd, opts.placement), "placement"), opts.placement);
  return { ...ssh, placement: Object.fromEntries(chosen) };
}

function hostsFile(path: string): string[] {
  return readText(path, "hosts").split("\n").map((l) => l.replace(/#.*/, "").trim()).filter(Boolean);
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new HarnessError("input.invalid", `Cannot read ${what} file "${path}": ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

function invalid(why: string): never {
  throw new HarnessError("config.invalid", `Cannot use the ssh runtime: ${why}`);
}
