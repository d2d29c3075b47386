/**
 * The ssh runtime with an existing lock service (core/existing-service.ts):
 * the lock nodes are the service's hosts, and their process faults act on
 * the service through its own PIDs and commands, never on anything the
 * harness installed. When the cluster starts, the service must be running
 * on every lock node's host (its PID command prints a PID, its port
 * answers, its data folder exists), else one line, exit 254, and nothing of
 * it was touched. Each lock host gets a restore script in the run's folder,
 * which `stop` runs and `fencecheck clean` runs after a killed harness: the
 * service is left running as it was found (continued if paused, started if
 * stopped). Network faults need nothing here: the hosts' chains reach it.
 */
import { HarnessError } from "../../../core/index.js";
import type { Cluster, ExistingService, NodeId, NodeSpec, StartOptions } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { createExistingClocks } from "./existing-clock.js";
import {
  goneCheckScript, parsePids, type ExistingHost, pidsScript, readyCheckScript, restoreScript, signalScript, stoppedCheckScript, userCommand, writeRestoreScript,
} from "./existing-scripts.js";
import { shellWord } from "../common/shell-word.js";
import { runFolder } from "./host-cleanup.js";
import { runRemote } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";
import type { SshRuntime } from "./ssh-runtime.js";

const PAUSED_WAIT_S = 2;
const STOPPED_WAIT_S = 30;
const COMMAND_TIMEOUT_MS = 60_000;
const DEFAULT_READY_MS = 30_000;

/** The ssh runtime whose lock nodes are `existing`'s hosts. */
export function withExistingService(runtime: SshRuntime, existing: ExistingService, clock: Clock): SshRuntime {
  return {
    ...runtime,
    async start(nodes: readonly NodeSpec[], opts: StartOptions): Promise<Cluster> {
      const cluster = await runtime.start(nodes, opts);
      try {
        const byAddress = new Map((await runtime.prepare()).map((h) => [h.address, h.ssh]));
        const hosts = cluster.nodes.filter((n) => n.role === "lock").map((n) => ({ node: n.id, address: n.host, ssh: byAddress.get(n.host) as SshHost }));
        return await steer(cluster, hosts, existing, { clock, runDir: runFolder(cluster.runId), clockNodes: opts.clock ? (opts.clock.nodes ?? nodes.map((n) => n.id)) : [] });
      } catch (error) {
        await cluster.stop().catch(() => undefined);
        throw error;
      }
    },
  };
}

/** What `steer` needs besides the cluster. */
interface SteerOptions {
  readonly clock: Clock;
  readonly runDir: string;
  /** The nodes the run may skew: on a lock node, the service must run under libfaketime. */
  readonly clockNodes: readonly string[];
}

/** Checks the service on every lock host, writes the restore scripts, and returns the cluster with the lock nodes' process faults steering it. */
async function steer(cluster: Cluster, hosts: readonly ExistingHost[], existing: ExistingService, opts: SteerOptions): Promise<Cluster> {
  const { clock } = opts;
  const hostOf = new Map(hosts.map((h) => [h.node, h]));
  const paused = new Map<NodeId, number[]>();
  const run = async (host: ExistingHost, script: string, timeoutMs = COMMAND_TIMEOUT_MS) => runRemote(host.ssh, script, { clock, timeoutMs });
  const pidsOn = async (host: ExistingHost): Promise<number[]> => {
    const result = await run(host, pidsScript(existing));
    if (result.exitCode !== 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot find the existing service on host "${host.address}": ${lastLine(result.stderr) || `exit code ${result.exitCode}`}`);
    return parsePids(result.stdout);
  };
  const must = async (host: ExistingHost, script: string, what: string, timeoutMs = COMMAND_TIMEOUT_MS): Promise<void> => {
    const result = await run(host, script, timeoutMs);
    if (result.exitCode !== 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot ${what} on host "${host.address}": ${result.timeout ? `no answer within ${timeoutMs} ms` : lastLine(result.stderr) || `exit code ${result.exitCode}`}`);
  };
  const readyMs = existing.readyTimeoutMs ?? DEFAULT_READY_MS;
  const waitReady = (host: ExistingHost): Promise<void> =>
    must(host, readyCheckScript(existing, host.address, Math.ceil(readyMs / 1000)), `see the existing service running (its PID command and port ${existing.port}) within ${readyMs} ms`, readyMs + 10_000);

  await Promise.all(hosts.map((host) => checkFound(host, existing, run, pidsOn)));
  const clocks = await createExistingClocks(hosts.filter((h) => opts.clockNodes.includes(h.node)), { pidsOn, run, clock });
  await Promise.all(hosts.map((host) => must(host, writeRestoreScript(existing, opts.runDir), "write the existing service's restore script")));

  async function pause(host: ExistingHost): Promise<void> {
    const pids = await pidsOn(host);
    paused.set(host.node, [...new Set([...(paused.get(host.node) ?? []), ...pids])]);
    await must(host, `${signalScript(pids, "STOP")}; ${stoppedCheckScript(pids, PAUSED_WAIT_S)}`, `pause the existing service (PIDs ${pids.join(" ") || "none"}) within ${PAUSED_WAIT_S} s`);
  }
  async function resume(host: ExistingHost): Promise<void> {
    const pids = [...new Set([...(paused.get(host.node) ?? []), ...(await pidsOn(host))])];
    await must(host, signalScript(pids, "CONT"), "resume the existing service");
    paused.delete(host.node);
  }
  async function kill(host: ExistingHost): Promise<void> {
    await must(host, userCommand(existing.stop), `stop the existing service with \`${existing.stop}\``);
    // A paused process cannot act on the stop's SIGTERM: it is continued once the stop was sent.
    await must(host, signalScript(paused.get(host.node) ?? [], "CONT"), "continue the stopped service's paused processes");
    paused.delete(host.node);
    await must(host, goneCheckScript(existing, STOPPED_WAIT_S), `see the existing service stopped by \`${existing.stop}\` within ${STOPPED_WAIT_S} s`, STOPPED_WAIT_S * 1000 + 10_000);
  }
  async function restart(host: ExistingHost): Promise<void> {
    if ((await pidsOn(host)).length > 0) return;
    await must(host, userCommand(existing.start), `start the existing service with \`${existing.start}\``);
    await waitReady(host);
  }
  /** Puts every lock host's service back as found, then checks it runs; returns one line per host that is not. */
  async function restoreAll(): Promise<string[]> {
    const lines = await Promise.all(hosts.map(async (host) => {
      try {
        await must(host, restoreScript(existing), "put the existing service back as it was found");
        paused.delete(host.node);
        await waitReady(host);
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    }));
    return lines.flat();
  }

  const lockFirst = (node: NodeId, own: (host: ExistingHost) => Promise<void>, other: (node: NodeId) => Promise<void>) => {
    const host = hostOf.get(node);
    return host === undefined ? other(node) : own(host);
  };
  const steered: Cluster = {
    ...cluster,
    pause: (node) => lockFirst(node, pause, cluster.pause),
    resume: (node) => lockFirst(node, resume, cluster.resume),
    freeze: (node) => lockFirst(node, pause, cluster.freeze),
    thaw: (node) => lockFirst(node, resume, cluster.thaw),
    kill: (node) => lockFirst(node, kill, cluster.kill),
    restart: (node) => lockFirst(node, restart, cluster.restart),
    // The harness started no service on a lock node, so a delay without a port is aimed at the service's client port.
    delayTraffic: (node, delay) => cluster.delayTraffic(node, hostOf.has(node) && delay.port === undefined ? { ...delay, port: existing.port } : delay),
    setClock: (node, skew) => (hostOf.has(node) ? clocks.set(node, skew) : cluster.setClock(node, skew)),
    readClock: (node) => (hostOf.has(node) ? clocks.read(node) : cluster.readClock(node)),
    async stop() {
      const left = await restoreAll();
      await cluster.stop();
      if (left.length > 0) throw new HarnessError("runtime.command-failed", `${left.join(" | ")} (the run may have left it stopped: see its restore script's commands)`);
    },
    [Symbol.asyncDispose]: () => steered.stop(),
  };
  return steered;
}

/** Refuses (exit 254) a host where the service is not running, its port does not answer or its data folder is missing. */
async function checkFound(
  host: ExistingHost, existing: ExistingService,
  run: (host: ExistingHost, script: string, timeoutMs?: number) => ReturnType<typeof runRemote>, pidsOn: (host: ExistingHost) => Promise<number[]>,
): Promise<void> {
  const refuse = (why: string): never => {
    throw new HarnessError("config.invalid", `Cannot use the existing service on host "${host.address}" (node ${host.node}): ${why}`);
  };
  const pids = await pidsOn(host).catch((error: Error) => refuse(error.message));
  if (pids.length === 0) refuse(`its PID command \`${existing.pid}\` printed no PID (start it first: fencecheck never starts it on its own)`);
  const answered = await run(host, readyCheckScript(existing, host.address, 15), 30_000);
  if (answered.exitCode !== 0) refuse(`nothing answers on port ${existing.port} of ${host.address} (PIDs ${pids.join(" ")} run)`);
  if (existing.dataDir !== undefined) {
    const found = await run(host, `test -d ${shellWord(existing.dataDir)}`);
    if (found.exitCode !== 0) refuse(`its data folder "${existing.dataDir}" does not exist`);
  }
}

function lastLine(text: string): string {
  return text.trim().split("\n").at(-1) ?? "";
}
