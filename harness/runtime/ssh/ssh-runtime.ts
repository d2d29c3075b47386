/**
 * The `ssh` runtime: the user's own hosts, driven over SSH from this
 * machine (the control machine). Before anything starts every host is
 * reached, checked and given the deployment; an unreachable host, a
 * refused key, an unknown host key or a missing program is one line naming
 * the host and the cause (exit 254). Nodes are placed on hosts (default or
 * a placement file); each host keeps its connections for the whole run.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import { HarnessError, createSystemClock } from "../../../core/index.js";
import type { Clock, Cluster, Fault, NodeSpec, Runtime, StartOptions } from "../../../core/index.js";
import type { AdapterShare } from "../common/adapter-files.js";
import { firstFailureTo } from "../common/node-log.js";
import { controlStateRoot, ownedPath } from "../common/owned-folder.js";
import { deployAdapterFolder, remoteAdapterDir } from "./adapter-deployment.js";
import { deployTo, localBundle, packBundle, remoteLayout, type Bundle } from "./deployment.js";
import { BASE_REQUIREMENTS, missingOn, unameMachine, type Requirement } from "./host-checks.js";
import { checkStateFolders, makeRunFolders, runFolder } from "./host-folders.js";
import { clockRefusal, probeHostFaketime } from "./host-faketime.js";
import { checkSudo } from "./host-sudo.js";
import { measureHostTime } from "./host-time.js";
import { DEFAULT_WATCHDOG_S, startWatchdogs } from "./host-watchdog.js";
import { placeNodes, type Placement } from "./placement.js";
import { runRemote, shellWord } from "./remote-command.js";
import { connectHost } from "./ssh-connection.js";
import { createSshCluster, type ClusterHost } from "./ssh-cluster.js";
import { controllerId } from "../common/controller-id.js";
import { clockInjectorAvailable, clockInjectorProgram } from "../common/clock-injector.js";

/** How to reach the hosts, and what they must have. */
export interface SshRuntimeOptions {
  /** Host names or addresses, in order (lock nodes go on the first). */
  readonly hosts: readonly string[];
  readonly user: string;
  readonly port: number;
  readonly keyFile: string | undefined;
  readonly knownHostsFile: string;
  readonly acceptNew: boolean;
  readonly placement?: Placement;
  /** The store: its paths become the run's folder on the hosts. */
  readonly storeDir: string;
  readonly packageRoot: string;
  /** Programs the lock nodes' hosts need (the lock service's binaries). */
  readonly lockRequirements?: readonly Requirement[];
  /**
   * What of a user's adapter module goes to the hosts (its folder is
   * absolute): copied into the run's folder on every host, and its
   * folder's paths mapped there.
   */
  readonly adapter?: AdapterShare;
  /** Programs every host needs besides the runtime's own (`hosts prepare --lock`). */
  readonly requirements?: readonly Requirement[];
  /** Called with every problem line (unusable host, missing program) before the first is thrown. */
  readonly onProblem?: (line: string) => void;
  /** Says what the runtime did that the user should know (accepted host keys, deployments). */
  readonly log?: (line: string) => void;
  readonly clock?: Clock;
  /** Run what needs root through `sudo -n` (the user is not root); checked up front on every host. */
  readonly sudo?: boolean;
  /** Seconds without the harness's heartbeat after which each host's watchdog cleans the run; default 30. */
  readonly watchdogS?: number;
  /** How long reaching one host may take; default 8000 ms. */
  readonly connectTimeoutMs?: number;
  /** The controller id recorded with each run (controller-id.ts); this machine's by default, read at start. */
  readonly controllerId?: string;
}

/** The faults on hosts: delay and loss go with partition (iptables); pause, kill and clock need nothing more. */
export const SSH_FAULTS: ReadonlySet<Fault> = new Set<Fault>(["pause", "kill", "partition", "clock"]);

/**
 * Where Debian puts libfaketime for a Node `process.arch` (its multiarch
 * triplet): the library the bundle carries when this machine has it. Each
 * host's own library is chosen from its `uname -m` (host-faketime.ts).
 * Undefined for an architecture Debian has no triplet for here. Pure.
 */
export function faketimeDir(arch: string): string | undefined {
  const triplet = ({ x64: "x86_64-linux-gnu", arm64: "aarch64-linux-gnu", arm: "arm-linux-gnueabihf", ia32: "i386-linux-gnu", ppc64: "powerpc64le-linux-gnu", s390x: "s390x-linux-gnu", riscv64: "riscv64-linux-gnu" } as Record<string, string>)[arch];
  return triplet === undefined ? undefined : `/usr/lib/${triplet}/faketime`;
}

/** The runtime, and what it has connected (for `hosts prepare` and tests). */
export interface SshRuntime extends Runtime {
  /** Connects, checks and deploys; returns the hosts ready for a run. Called by `checkPrerequisites`. */
  prepare(): Promise<readonly ClusterHost[]>;
  /** Closes every connection (a cluster closes them itself on stop). */
  close(): void;
}

/** Creates the runtime. Nothing is contacted before `checkPrerequisites`. */
export function createSshRuntime(opts: SshRuntimeOptions): SshRuntime {
  const clock = opts.clock ?? createSystemClock();
  let prepared: Promise<readonly ClusterHost[]> | undefined;
  let bundle: Bundle | undefined;
  const defaultKeys = ["id_ed25519", "id_ecdsa", "id_rsa"].map((f) => join(homedir(), ".ssh", f));
  const injector = clockInjectorAvailable() ? clockInjectorProgram() : undefined;

  async function prepareAll(): Promise<readonly ClusterHost[]> {
    if (opts.hosts.length === 0) throw new HarnessError("config.invalid", "Cannot use the ssh runtime: no hosts were given (--nodes or --nodes-file)");
    const connected = await Promise.allSettled(opts.hosts.map(async (host) => {
      const address = await resolveHost(host);
      const target = { host, port: opts.port, user: opts.user, keyFile: opts.keyFile, knownHostsFile: opts.knownHostsFile, acceptNew: opts.acceptNew, sudo: opts.sudo === true };
      return { address, ssh: await connectHost(target, { timeoutMs: opts.connectTimeoutMs ?? 8_000, clock, defaultKeys }) };
    }));
    const hosts = connected.flatMap((c) => (c.status === "fulfilled" ? [c.value] : []));
    const failed = connected.flatMap((c) => (c.status === "rejected" ? [c.reason as Error] : []));
    if (failed.length > 0) {
      for (const h of hosts) h.ssh.close();
      for (const error of failed) opts.onProblem?.(error.message);
      throw failed[0] instanceof HarnessError && failed.length === 1 ? failed[0] : new HarnessError("config.invalid", `${failed[0]?.message ?? "Cannot reach the hosts"} (and ${failed.length - 1} more host(s) unusable)`);
    }
    for (const h of hosts) if (h.ssh.acceptedNewKey) opts.log?.(`note: accepted the new host key of "${h.ssh.target.host}" and added it to "${opts.knownHostsFile}"`);
    try {
      const sudo = opts.sudo === true ? (await Promise.all(hosts.map((h) => checkSudo(h.ssh, clock)))).flatMap((p) => (p === undefined ? [] : [p])) : [];
      const requirements = [...BASE_REQUIREMENTS, ...(opts.requirements ?? [])];
      const problems = sudo.length > 0 ? sudo : (await Promise.all(hosts.map((h) => missingOn(h.ssh, requirements, unameMachine(process.arch), clock)))).flat();
      if (problems.length > 0) {
        for (const line of problems) opts.onProblem?.(line);
        throw unusable(problems);
      }
      // Before anything is deployed: a state folder another user made is refused (host-folders.ts).
      await checkStateFolders(hosts.map((h) => h.ssh), clock);
      bundle ??= localBundle(opts.packageRoot, process.execPath, faketimeDir(process.arch), injector);
      const ready = bundle;
      let packed: Promise<string> | undefined;
      const archive = (): Promise<string> => (packed ??= packBundle(ready, ownedPath(controlStateRoot(), ["deploy"])));
      const copied = await Promise.all(hosts.map((h) => deployTo(h.ssh, ready, { clock, archive })));
      const fresh = hosts.filter((_, i) => copied[i] === "copied").map((h) => h.ssh.target.host);
      if (fresh.length > 0) opts.log?.(`deployed fencecheck ${ready.version} to ${fresh.join(", ")} (${ready.dir})`);
      const bundled = ready.faketime.length > 0 ? remoteLayout(ready).faketime : undefined;
      return await Promise.all(hosts.map(async (h) => ({
        ...h, time: await measureHostTime(h.ssh, remoteLayout(ready).node, clock),
        faketime: await probeHostFaketime(h.ssh, { controlMachine: unameMachine(process.arch), bundled, clock }),
      })));
    } catch (error) {
      for (const h of hosts) h.ssh.close();
      throw error;
    }
  }

  const runtime: SshRuntime = {
    kind: "ssh",
    // The bundle carries this machine's injector, and every host is of this machine's architecture (host-checks.ts).
    injectsClocks: injector !== undefined,
    // sshd's default MaxSessions: agents started beside the services' processes were refused a channel.
    startsAtOnce: 10,
    faults: SSH_FAULTS,
    prepare() {
      prepared ??= prepareAll();
      return prepared;
    },
    async checkPrerequisites() {
      await runtime.prepare();
    },
    close() {
      void prepared?.then((hosts) => hosts.forEach((h) => h.ssh.close()), () => undefined);
    },
    async start(nodes: readonly NodeSpec[], start: StartOptions): Promise<Cluster> {
      // Before any host is reached: a state folder that cannot hold the id is one line, with nothing started.
      const controller = opts.controllerId ?? controllerId();
      const hosts = await runtime.prepare();
      const placed = placeNodes(nodes, opts.hosts, opts.placement);
      const byName = new Map(opts.hosts.map((name, i) => [name, hosts[i] as ClusterHost]));
      const lockHosts = [...new Set(nodes.filter((n) => n.role === "lock").map((n) => byName.get(placed.get(n.id) as string) as ClusterHost))];
      const problems = (await Promise.all(lockHosts.map((h) => missingOn(h.ssh, opts.lockRequirements ?? [], unameMachine(process.arch), clock)))).flat();
      if (problems.length > 0) {
        runtime.close();
        throw unusable(problems);
      }
      const faked = start.clock?.nodes ?? (start.clock ? nodes.map((n) => n.id) : []);
      const refusal = clockRefusal(nodes.filter((n) => faked.includes(n.id)).map((n) => ({ id: n.id, faketime: (byName.get(placed.get(n.id) as string) as ClusterHost).faketime })));
      if (refusal !== undefined) {
        runtime.close();
        throw new HarnessError("nemesis.unsupported-fault", refusal);
      }
      const runDir = runFolder(start.runId);
      await makeRunFolders(hosts.map((h) => h.ssh), start.runId, clock).catch((error: unknown) => {
        runtime.close();
        throw error;
      });
      const adapter = opts.adapter;
      if (adapter !== undefined) await Promise.all(hosts.map((h) => deployAdapterFolder(h.ssh, adapter, remoteAdapterDir(runDir), { storeDir: opts.storeDir })));
      const watchdogs = await startWatchdogs(hosts.map((h) => h.ssh), { runId: start.runId, controllerId: controller, periodS: opts.watchdogS ?? DEFAULT_WATCHDOG_S, clock });
      const { injector: injectorOnHosts, ...layout } = remoteLayout(bundle as Bundle);
      const paths: [string, string][] = [[process.execPath, layout.node], ["/usr/bin/node", layout.node], [opts.packageRoot, layout.pkg], [opts.storeDir, `${runDir}/store`]];
      if (adapter !== undefined) paths.push([adapter.dir, remoteAdapterDir(runDir)]);
      const clusterNodes = nodes.map((n) => ({ id: n.id, role: n.role, host: (byName.get(placed.get(n.id) as string) as ClusterHost).address }));
      return createSshCluster({
        runId: start.runId, controllerId: controller, nodes: clusterNodes, hosts: new Map(hosts.map((h) => [h.address, h])),
        faults: start.clock ? SSH_FAULTS : new Set([...SSH_FAULTS].filter((f) => f !== "clock")),
        paths, storeDir: opts.storeDir, runDir, layout: { ...layout, ...((bundle as Bundle).injector ? { injector: injectorOnHosts } : {}) }, sshPort: opts.port, clockOptions: start.clock, clock,
        logDir: ownedPath(controlStateRoot(), ["ssh", start.runId]), stopGraceMs: 1_000, onFailure: firstFailureTo(start.onFailure), watchdogs,
      });
    },
  };
  return runtime;
}

/** The host's address: itself when it is one, else what DNS says; throws "config.invalid" naming the host when the name does not resolve (never the raw name in its place). */
async function resolveHost(host: string): Promise<string> {
  if (isIP(host)) return host;
  try {
    const { address } = await lookup(host);
    if (isIP(address)) return address;
    throw new Error(`the answer "${address}" is not an address`);
  } catch (error) {
    throw new HarnessError("config.invalid", `Cannot use host "${host}": its name does not resolve (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function unusable(problems: readonly string[]): HarnessError {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more: fencecheck hosts prepare lists them all)` : "";
  return new HarnessError("config.invalid", `Cannot use ${problems[0] ?? "the hosts"}${more}`);
}
