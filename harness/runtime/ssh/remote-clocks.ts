/**
 * Fake clocks on the hosts, through the deployed libfaketime: one skew file
 * per process in the run's folder on its host (see common/faketime.ts for
 * why each process has its own), rewritten atomically over SSH on every
 * change. A reading is dated by the host's monotonic clock mapped onto this
 * machine's, and the host's own wall-clock error is measured apart so a
 * skew is checked against what was asked.
 */
import { HarnessError } from "../../../core/index.js";
import type { Clock, ClockOptions, ClockReading, ClockSkew, NodeId } from "../../../core/index.js";
import { faketimeEnv, faketimeSpec, monotonicFloorMs, nodeOffsetAt, probeStartUncertaintyMs, processSkew, REAL_CLOCK, type FakedStart, type NodeClockState } from "../common/faketime.js";
import { runRemote, shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";
import type { HostTime } from "./host-time.js";
import { envName } from "./remote-process.js";

/**
 * Prints the faked wall clock (ms) between two reads of the monotonic
 * clock (ns): a process preempted between its reads (a loaded host) shows
 * it in the window, which bounds when the wall clock was read.
 */
const READ_CLOCK = "const a = process.hrtime.bigint(); const w = new Date().getTime(); const b = process.hrtime.bigint(); process.stdout.write(w + ' ' + a + ' ' + b)";

/** Where a node's clock files go and what reads them. */
export interface ClockHost {
  readonly host: SshHost;
  readonly time: HostTime;
  /** The run's clock folder on the host. */
  readonly dir: string;
  readonly faketimeLibrary: string;
  readonly nodeBinary: string;
}

/** An ssh cluster's fake clocks. */
export interface RemoteClocks {
  /** Whether the run may skew `node`'s clock (`ClockOptions.nodes`; none without fake clocks). */
  faked(node: NodeId): boolean;
  /** Environment for a process about to start on `node`: its own skew file, written first (empty without fake clocks). */
  envFor(node: NodeId): Promise<Record<string, string>>;
  /** Sets the node's skew in every file of the node, running processes included. */
  set(node: NodeId, skew: ClockSkew): Promise<void>;
  /** The offset from real time the node's clock should show at real wall time `atMs`, the host's own error included. */
  expectedOffset(node: NodeId, atMs: number): number;
  /** With faked monotonic clocks: the lowest offset the node may be set to at `atMs` (`monotonicFloorMs`). */
  monotonicFloor?(node: NodeId, atMs: number): number;
  read(node: NodeId): Promise<ClockReading>;
}

/** Creates the clocks; `options` undefined keeps them real (only the host's own error shows). */
export function createRemoteClocks(hostOf: (node: NodeId) => ClockHost, clock: Clock, options: ClockOptions | undefined): RemoteClocks {
  const states = new Map<NodeId, NodeClockState>();
  const files = new Map<NodeId, Array<{ path: string } & FakedStart>>();
  let sequence = 0;
  const state = (node: NodeId): NodeClockState => states.get(node) ?? REAL_CLOCK;
  // Only the nodes the run may skew load libfaketime (`ClockOptions.nodes`).
  const faked = (node: NodeId): boolean => options !== undefined && (options.nodes === undefined || options.nodes.includes(node));
  async function write(node: NodeId, entries: readonly { path: string; startedAtMs: number }[]): Promise<void> {
    const script = entries.map((e) => `printf '%s\\n' ${shellWord(faketimeSpec(processSkew(state(node), e.startedAtMs)))} > ${shellWord(`${e.path}.tmp`)} && mv ${shellWord(`${e.path}.tmp`)} ${shellWord(e.path)}`);
    const where = hostOf(node);
    const result = await runRemote(where.host, `mkdir -p ${shellWord(where.dir)} && ${script.join(" && ")}`, { clock });
    if (result.exitCode !== 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot write the clock files of node "${node}": ${result.stderr.trim()}`);
  }
  return {
    faked,
    async envFor(node) {
      if (!options || !faked(node)) return {};
      const where = hostOf(node);
      const startedAtMs = clock.wallMs();
      const entry = { path: `${where.dir}/${node}.${++sequence}`, startedAtMs, offsetAtStartMs: nodeOffsetAt(state(node), startedAtMs) };
      await write(node, [entry]);
      files.set(node, [...(files.get(node) ?? []), entry]);
      return faketimeEnv(where.faketimeLibrary, entry.path, options);
    },
    async set(node, skew) {
      if (!faked(node)) throw new HarnessError("nemesis.unsupported-fault", `Cannot skew the clock of node "${node}": the cluster does not fake its clock`);
      states.set(node, { skew, setAtMs: clock.wallMs() });
      const entries = files.get(node) ?? [];
      if (entries.length > 0) await write(node, entries);
    },
    expectedOffset: (node, atMs) => nodeOffsetAt(state(node), atMs) + hostOf(node).time.wallOffsetMs,
    ...(options?.monotonic ? { monotonicFloor: (node: NodeId, atMs: number) => monotonicFloorMs(files.get(node) ?? [], atMs) } : {}),
    async read(node) {
      const where = hostOf(node);
      const before = clock.wallMs();
      const probe = { path: `${where.dir}/${node}.probe`, startedAtMs: before };
      let env: Record<string, string> = {};
      if (options && faked(node)) {
        await write(node, [probe]);
        env = faketimeEnv(where.faketimeLibrary, probe.path, options);
      }
      // Our wall and monotonic clocks read together, after the probe's file is written: that write takes
      // an SSH round trip, and dating the reading from "before" would add it to the offset read.
      const wallBefore = clock.wallMs();
      const monoBefore = process.hrtime.bigint();
      const assignments = Object.entries(env).map(([k, v]) => shellWord(`${envName(k)}=${v}`)).join(" ");
      const result = await runRemote(where.host, `env ${assignments} ${shellWord(where.nodeBinary)} -e ${shellWord(READ_CLOCK)}`, { clock });
      const [wall, monoA, monoB] = result.stdout.trim().split(" ");
      if (result.exitCode !== 0 || wall === undefined || !/^\d+$/.test(monoA ?? "") || !/^\d+$/.test(monoB ?? "")) {
        throw new HarnessError("nemesis.fault-not-applied", `Cannot read the clock of node "${node}": node said "${result.stderr.trim() || result.stdout.trim()}"`);
      }
      // The host's monotonic clock, mapped onto this machine's, dates the reading to within its two reads, unless it is faked too.
      const [a, b] = [BigInt(monoA as string), BigInt(monoB as string)];
      const localMono = (a + b) / 2n - where.time.monotonicOffsetNs;
      const windowMs = Math.ceil(Number(b - a) / 2e6);
      const after = clock.wallMs();
      const realAt = options?.monotonic ? (wallBefore + after) / 2 : wallBefore + Number(localMono - monoBefore) / 1e6;
      // Faked monotonic clocks cannot date the reading: only our own clock around the command can.
      const dating = options?.monotonic ? Math.ceil((after - wallBefore) / 2) : windowMs;
      return { node, offsetMs: Math.round(Number(wall) - realAt), atMs: realAt, uncertaintyMs: probeStartUncertaintyMs(state(node), before, after) + dating };
    },
  };
}
