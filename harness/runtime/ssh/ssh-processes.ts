/**
 * The processes facet of an ssh cluster: programs started on their node's
 * host with the run's paths mapped, tracked in the shared process table,
 * signalled by process group over SSH, their readiness probed from the host.
 */
import { statSync } from "node:fs";
import { dirname } from "node:path";
import { HarnessError } from "../../../core/index.js";
import type { Clock, ClusterProcesses, ExecResult, NodeId, ProcessSpec } from "../../../core/index.js";
import { describeExit, portProbeScript } from "../common/port-probe.js";
import { nodeStartFailure } from "../common/start-failure.js";
import { createProcessTable, type TrackedProcess } from "../common/process-table.js";
import { CONTROLLER_MARK, RUN_MARK } from "./host-cleanup.js";
import { mapArgv, mapEnv, mapText, textMapper, type PathMap } from "./path-map.js";
import { runRemote, shellLine, shellWord } from "./remote-command.js";
import type { RemoteClocks } from "./remote-clocks.js";
import { startRemoteProcess } from "./remote-process.js";
import type { SshHost } from "./ssh-connection.js";

/** What the facet needs to know about the cluster. */
export interface SshProcessParts {
  readonly runId: string;
  /** The run's controller (controller-id.ts), carried by each process's environment beside the run's mark. */
  readonly controllerId: string;
  readonly hostOf: (node: NodeId) => SshHost;
  readonly addressOf: (node: NodeId) => string;
  readonly monotonicOffsetNs: (node: NodeId) => bigint;
  readonly paths: PathMap;
  /** Local path prefixes whose host counterparts are created on demand (the store). */
  readonly createdUnder: readonly string[];
  /** The run's folder on the hosts (working directory of processes). */
  readonly runDir: string;
  readonly clocks: RemoteClocks;
  readonly clock: Clock;
  readonly isStopped: () => boolean;
  /** Called when a node's log on this machine cannot be written. */
  readonly onLogFailure: (error: HarnessError) => void;
}

/** The facet plus what `stop` needs. */
export interface SshProcesses extends ClusterProcesses {
  readonly live: () => TrackedProcess[];
  /** Sends `signal` to every live process group and waits until the commands ran. */
  signalAll(signal: NodeJS.Signals): Promise<void>;
}

const DEFAULT_READY_TIMEOUT_MS = 10_000;
const STOPPED_WAIT_S = 1;

/** Creates the facet. */
export function createSshProcesses(parts: SshProcessParts): SshProcesses {
  const { clock } = parts;
  const table = createProcessTable<TrackedProcess>();
  const pending = new Set<Promise<unknown>>();
  const signalGroup = (node: NodeId) => (pgid: number, signal: NodeJS.Signals): void => {
    const sent = runRemote(parts.hostOf(node), `kill -s ${signal.replace(/^SIG/, "")} -- -${pgid}`, { clock }).catch(() => undefined);
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  const settle = async (): Promise<void> => {
    await Promise.all([...pending]);
  };
  const run = (node: NodeId, command: string, opts: { input?: string; timeoutMs?: number } = {}): Promise<ExecResult> =>
    runRemote(parts.hostOf(node), command, { clock, ...opts });

  // Lines sent to a program name this machine's paths too (an agent configured on stdin names its adapter module).
  const mapLine = textMapper(parts.paths);
  async function start(node: NodeId, spec: ProcessSpec): Promise<TrackedProcess> {
    if (parts.isStopped()) throw new HarnessError("runtime.node-start-failed", `Cannot start node "${node}": the cluster is stopped`);
    const argv = mapArgv(parts.paths, spec.argv, parts.monotonicOffsetNs(node));
    const clockEnv = spec.fakeClock === false ? {} : await parts.clocks.envFor(node);
    const env = { ...clockEnv, ...mapEnv(parts.paths, spec.env ?? {}), [RUN_MARK]: parts.runId, [CONTROLLER_MARK]: parts.controllerId };
    const cwd = spec.cwd === undefined ? parts.runDir : mapText(parts.paths, spec.cwd);
    await run(node, `mkdir -p ${[cwd, ...folders(spec.argv, parts)].map(shellWord).join(" ")}`);
    const proc = await startRemoteProcess({ node, host: parts.hostOf(node), argv, env, cwd, mapLine, signalGroup: signalGroup(node), onLogFailure: parts.onLogFailure }, spec);
    table.add(proc);
    if (spec.readyPort === undefined) return proc;
    try {
      await waitReady(node, proc, spec.readyPort, spec.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS);
    } catch (error) {
      proc.signalGroup("SIGKILL");
      throw error;
    }
    return proc;
  }

  async function waitReady(node: NodeId, proc: TrackedProcess, port: number, timeoutMs: number): Promise<void> {
    const script = `timeout ${timeoutMs / 1000} bash -c ${shellWord(portProbeScript(parts.addressOf(node), port))}`;
    const probed = run(node, script, { timeoutMs: timeoutMs + 2_000 }).then((r) => (r.exitCode === 0 ? ("ready" as const) : ("timeout" as const)));
    const outcome = await Promise.race([probed, proc.exited]);
    if (outcome === "ready") return;
    const why = outcome === "timeout" ? `port ${port} not ready after ${timeoutMs} ms` : `process exited ${describeExit(outcome)} before port ${port} was ready`;
    throw nodeStartFailure({ node, why, logFile: proc.spec.logFile, host: parts.addressOf(node) });
  }

  /** Signals the node's processes, then (SIGSTOP) waits until the host shows each one stopped. */
  async function signalNode(node: NodeId, signal: "SIGSTOP" | "SIGCONT" | "SIGKILL"): Promise<TrackedProcess[]> {
    parts.addressOf(node);
    const procs = table.signalNode(node, signal);
    await settle();
    if (signal === "SIGSTOP" && procs.length > 0) {
      const pids = procs.map((p) => p.pid).join(" ");
      const check = `end=$(($(date +%s)+${STOPPED_WAIT_S})); for p in ${pids}; do while [ -e /proc/$p ] && ! grep -q '^State:.*[tTZ]' /proc/$p/status; do [ $(date +%s) -gt $end ] && exit 1; sleep 0.005; done; done`;
      const result = await run(node, check);
      if (result.exitCode !== 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot pause node "${node}": its processes were not stopped within ${STOPPED_WAIT_S} s`);
    }
    return procs;
  }

  return {
    live: () => table.live(),
    async signalAll(signal) {
      for (const proc of table.live()) proc.signalGroup(signal);
      await settle();
    },
    startProcess: (node, spec) => start(node, spec),
    exec: (node, argv, opts = {}) => run(node, shellLine(mapArgv(parts.paths, argv, parts.monotonicOffsetNs(node))), opts),
    pause: async (node) => void (await signalNode(node, "SIGSTOP")),
    resume: async (node) => void (await signalNode(node, "SIGCONT")),
    async kill(node) {
      const procs = await signalNode(node, "SIGKILL");
      await Promise.all(procs.map((p) => p.exited));
    },
    async restart(node) {
      parts.addressOf(node);
      for (const spec of table.deadServices(node)) await start(node, spec);
    },
    /** No freezer is driven over SSH yet: a freeze is a SIGSTOP of each process group, proven by the host's /proc. */
    freeze: async (node) => void (await signalNode(node, "SIGSTOP")),
    thaw: async (node) => void (await signalNode(node, "SIGCONT")),
  };
}

/** The host folders a spec needs: the mapped counterparts of store paths in its argv (a folder that exists here, else the parent). */
function folders(argv: readonly string[], parts: SshProcessParts): string[] {
  const under = (arg: string): boolean => parts.createdUnder.some((prefix) => arg.startsWith(`${prefix}/`));
  return argv.filter(under).map((arg) => mapText(parts.paths, isDirectory(arg) ? arg : dirname(arg)));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
