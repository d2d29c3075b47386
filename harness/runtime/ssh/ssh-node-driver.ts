/**
 * How an ssh cluster reaches its programs, as the node supervisor's
 * `NodeDriver` (common/node-supervisor.ts): started on their node's host
 * with the run's paths mapped and the run's marks in their environment,
 * signalled by process group over SSH, ready once their port accepts a
 * connection made on the host, stopped once the host's /proc shows it so.
 * Also `exec` on a node's host. When each of these happens is the
 * supervisor's.
 */
import { statSync } from "node:fs";
import { dirname } from "node:path";
import { HarnessError } from "../../../core/index.js";
import type { Clock, ClusterProcesses, ExecResult, NodeId, ProcessSpec } from "../../../core/index.js";
import { describeExit, portProbeScript } from "../common/port-probe.js";
import { nodeStartFailure } from "../common/start-failure.js";
import type { TrackedProcess } from "../common/process-table.js";
import type { NodeDriver } from "../common/node-supervisor.js";
import { CONTROLLER_MARK, RUN_MARK } from "./host-cleanup.js";
import { mapArgv, mapEnv, mapText, textMapper, type PathMap } from "./path-map.js";
import { runRemote, shellLine, shellWord } from "./remote-command.js";
import type { RemoteClocks } from "./remote-clocks.js";
import { startRemoteProcess } from "./remote-process.js";
import type { SshHost } from "./ssh-connection.js";

/** What the driver needs to know about the cluster. */
export interface SshNodeDriverParts {
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
  readonly hasNode: (node: NodeId) => boolean;
  /** Called when a node's log on this machine cannot be written. */
  readonly onLogFailure: (error: HarnessError) => void;
  /** Gives a program started with `clockTool: "injector"` its node's clock once it is ready (by its PID on the host). */
  readonly started?: (node: NodeId, proc: TrackedProcess) => Promise<void>;
}

const STOPPED_WAIT_S = 1;

/** How the supervisor reaches programs on the hosts, and `exec` there. */
export interface SshNodeDriver extends NodeDriver<TrackedProcess> {
  exec: ClusterProcesses["exec"];
}

/** Creates the driver. */
export function createSshNodeDriver(parts: SshNodeDriverParts): SshNodeDriver {
  const { clock } = parts;
  const pending = new Set<Promise<unknown>>();
  const signalGroup = (node: NodeId) => (pgid: number, signal: NodeJS.Signals): void => {
    const sent = runRemote(parts.hostOf(node), `kill -s ${signal.replace(/^SIG/, "")} -- -${pgid}`, { clock }).catch(() => undefined);
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  const run = (node: NodeId, command: string, opts: { input?: string; timeoutMs?: number } = {}): Promise<ExecResult> =>
    runRemote(parts.hostOf(node), command, { clock, ...opts });

  // Lines sent to a program name this machine's paths too (an agent configured on stdin names its adapter module).
  const mapLine = textMapper(parts.paths);

  return {
    clock,
    hasNode: parts.hasNode,
    ...(parts.started ? { started: parts.started } : {}),
    async spawn(node, spec) {
      const argv = mapArgv(parts.paths, spec.argv, parts.monotonicOffsetNs(node));
      const clockEnv = spec.fakeClock === false || spec.clockTool === "injector" ? {} : await parts.clocks.envFor(node);
      const env = { ...clockEnv, ...mapEnv(parts.paths, spec.env ?? {}), [RUN_MARK]: parts.runId, [CONTROLLER_MARK]: parts.controllerId };
      const cwd = spec.cwd === undefined ? parts.runDir : mapText(parts.paths, spec.cwd);
      await run(node, `mkdir -p ${[cwd, ...folders(spec.argv, parts)].map(shellWord).join(" ")}`);
      return startRemoteProcess({ node, host: parts.hostOf(node), argv, env, cwd, mapLine, signalGroup: signalGroup(node), onLogFailure: parts.onLogFailure }, spec);
    },
    async waitReady(node, proc, port, timeoutMs) {
      const script = `timeout ${timeoutMs / 1000} bash -c ${shellWord(portProbeScript(parts.addressOf(node), port))}`;
      const probed = run(node, script, { timeoutMs: timeoutMs + 2_000 }).then((r) => (r.exitCode === 0 ? ("ready" as const) : ("timeout" as const)));
      const outcome = await Promise.race([probed, proc.exited]);
      if (outcome === "ready") return;
      const why = outcome === "timeout" ? `port ${port} not ready after ${timeoutMs} ms` : `process exited ${describeExit(outcome)} before port ${port} was ready`;
      throw nodeStartFailure({ node, why, logFile: proc.spec.logFile, host: parts.addressOf(node) });
    },
    /** Settles once the kill commands sent over SSH have run. */
    async signalRest() {
      await Promise.all([...pending]);
    },
    /** Waits until the host's /proc shows each process stopped (a freeze over SSH is this SIGSTOP too). */
    async awaitStopped(node, procs) {
      if (procs.length === 0) return;
      const pids = procs.map((p) => p.pid).join(" ");
      const check = `end=$(($(date +%s)+${STOPPED_WAIT_S})); for p in ${pids}; do while [ -e /proc/$p ] && ! grep -q '^State:.*[tTZ]' /proc/$p/status; do [ $(date +%s) -gt $end ] && exit 1; sleep 0.005; done; done`;
      const result = await run(node, check);
      if (result.exitCode !== 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot pause node "${node}": its processes were not stopped within ${STOPPED_WAIT_S} s`);
    },
    exec: (node, argv, opts = {}) => run(node, shellLine(mapArgv(parts.paths, argv, parts.monotonicOffsetNs(node))), opts),
  };
}

/** The host folders a spec needs: the mapped counterparts of store paths in its argv (a folder that exists here, else the parent). */
function folders(argv: readonly string[], parts: SshNodeDriverParts): string[] {
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
