/**
 * The sandbox: N local hosts to try the ssh runtime on, each a Docker
 * container running Debian's OpenSSH server with its own file system,
 * nothing of fencecheck's inside (a run brings Node and the package) and
 * NET_ADMIN as its only added capability (never --privileged). `hostsUp`
 * writes what `fencecheck run` needs to reach them: the hosts file, a key
 * pair, and a known_hosts file holding each host's own key.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { connect } from "node:net";
import { createRequire } from "node:module";
import type ssh2 from "ssh2";
import { HarnessError } from "../../../../core/index.js";
import type { Clock } from "../../../../core/index.js";
import type { DockerEngine } from "../../docker/index.js";
import { execInContainer } from "../../docker/container-io.js";
import { HOST_IMAGE } from "./host-image.js";
import { ed25519KeyPair } from "../ssh-key-pair.js";

/** The label on every sandbox container and network. */
export const SANDBOX_LABEL = "fencecheck.hosts";
const READY_TIMEOUT_MS = 90_000;

/** Where the sandbox's files are and what reaches its hosts. */
export interface Sandbox {
  readonly addresses: readonly string[];
  readonly nodesFile: string;
  readonly keyFile: string;
  readonly knownHostsFile: string;
  /** The options of `fencecheck run` that use these hosts. */
  readonly runOptions: string;
}

/** Options for `hostsUp`. */
export interface HostsUpOptions {
  readonly count: number;
  /** Directory for the hosts file, key pair and known_hosts. */
  readonly dir: string;
  /** The sandbox's name: its containers are `fencecheck-<name>-<i>`; default "hosts". */
  readonly name?: string;
  readonly clock: Clock;
  /** The image the hosts run; default HOST_IMAGE (a test names the exact tag it built, which no other build retags). */
  readonly image?: string;
}

/** Replaces any sandbox with `count` fresh hosts and resolves once each one's sshd accepts connections. */
export async function hostsUp(engine: DockerEngine, opts: HostsUpOptions): Promise<Sandbox> {
  if (!Number.isInteger(opts.count) || opts.count < 1 || opts.count > 32) {
    throw new HarnessError("config.invalid", `Cannot start "${opts.count}" hosts: give a count from 1 to 32`);
  }
  const name = opts.name ?? "hosts";
  await hostsDown(engine, name);
  mkdirSync(opts.dir, { recursive: true });
  const keys = ed25519KeyPair(loadSsh2().utils);
  const keyFile = join(opts.dir, "id_ed25519");
  writeFileSync(keyFile, keys.private, { mode: 0o600 });
  writeFileSync(`${keyFile}.pub`, `${keys.public}\n`);
  const labels = { [SANDBOX_LABEL]: name };
  const network = `fencecheck-${name}`;
  await engine.docker.createNetwork({ Name: network, Driver: "bridge", Labels: labels, CheckDuplicate: true });
  const names = Array.from({ length: opts.count }, (_, i) => `fencecheck-${name}-${i + 1}`);
  const hosts = await Promise.all(names.map(async (container, i) => {
    const created = await engine.docker.createContainer({
      name: container,
      Hostname: `n${i + 1}`,
      Image: opts.image ?? HOST_IMAGE,
      Env: [`AUTHORIZED_KEY=${keys.public}`],
      Labels: labels,
      HostConfig: { NetworkMode: network, CapAdd: ["NET_ADMIN"], Privileged: false },
    });
    await created.start();
    const address = (await created.inspect()).NetworkSettings.Networks[network]?.IPAddress ?? "";
    const hostKey = await waitForSshd(engine, container, address, opts.clock);
    return { address, hostKey };
  }));
  const nodesFile = join(opts.dir, "nodes");
  const knownHostsFile = join(opts.dir, "known_hosts");
  writeFileSync(nodesFile, hosts.map((h) => `${h.address}\n`).join(""));
  writeFileSync(knownHostsFile, hosts.map((h) => `${h.address} ${h.hostKey}\n`).join(""));
  return {
    addresses: hosts.map((h) => h.address),
    nodesFile,
    keyFile,
    knownHostsFile,
    runOptions: `--runtime ssh --nodes-file ${nodesFile} --ssh-key ${keyFile} --known-hosts ${knownHostsFile}`,
  };
}

/** Removes the sandbox's containers and network (every sandbox's without `name`); returns the containers' names. */
export async function hostsDown(engine: DockerEngine, name?: string): Promise<string[]> {
  const filters = JSON.stringify({ label: [name === undefined ? SANDBOX_LABEL : `${SANDBOX_LABEL}=${name}`] });
  const containers = await engine.docker.listContainers({ all: true, filters });
  await Promise.all(containers.map((c) => engine.docker.getContainer(c.Id).remove({ force: true, v: true }).catch(ignoreGone)));
  const networks = await engine.docker.listNetworks({ filters });
  await Promise.all(networks.map((n) => engine.docker.getNetwork(n.Id).remove().catch(ignoreGone)));
  return containers.map((c) => (c.Names[0] ?? c.Id).replace(/^\//, ""));
}

/** Waits until the host has made its key and sshd accepts TCP connections; returns "ssh-ed25519 AAAA...". */
async function waitForSshd(engine: DockerEngine, name: string, address: string, clock: Clock): Promise<string> {
  const container = engine.docker.getContainer(name);
  const deadline = clock.nowNs() + READY_TIMEOUT_MS * 1e6;
  while (clock.nowNs() < deadline) {
    const key = await execInContainer(engine.docker, container, ["cat", "/etc/ssh/ssh_host_ed25519_key.pub"], { clock, timeoutMs: 5_000 });
    if (key.exitCode === 0 && (await accepts(address, 22))) return key.stdout.trim().split(/\s+/).slice(0, 2).join(" ");
    await clock.sleep(100);
  }
  throw new HarnessError("runtime.node-start-failed", `Cannot start host "${name}": sshd did not accept connections at ${address}:22 within ${READY_TIMEOUT_MS} ms`);
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1_000 });
    socket.on("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
    socket.on("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function ignoreGone(error: unknown): void {
  if (!/no such|not found|404|already in progress/i.test(String(error))) throw error;
}

/** ssh2 takes about 0.1 s to load: required on first use, so runs on other runtimes never load it. */
function loadSsh2(): typeof ssh2 {
  return createRequire(import.meta.url)("ssh2") as typeof ssh2;
}
