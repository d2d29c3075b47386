/**
 * The fake clocks of a docker cluster: one libfaketime skew file per
 * process in the run's clock directory on this host, bind-mounted read-only
 * into every container at CLOCK_MOUNT, rewritten atomically on every change
 * (see common/faketime.ts for why each process has its own file).
 */
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { HarnessError } from "../../../core/index.js";
import type { Clock, ClockOptions, ClockReading, ClockSkew, ExecResult, NodeId } from "../../../core/index.js";
import { REAL_CLOCK, faketimeEnv, faketimeSpec, monotonicFloorMs, nodeOffsetAt, probeStartUncertaintyMs, processSkew, type FakedStart } from "../common/faketime.js";
import type { NodeClockState } from "../common/faketime.js";
import { writeNoFollow } from "../common/node-log.js";
import { FAKETIME_LIBRARY } from "./images/image-specs.js";
import { CLOCK_MOUNT } from "./docker-plan.js";

/** Prints the faked wall clock (ms) and the monotonic clock (ns) read at the same moment. */
const READ_CLOCK = "process.stdout.write(new Date().getTime() + ' ' + process.hrtime.bigint())";

/** Runs a command in a node's container with extra environment. */
export type RunInNode = (node: NodeId, argv: readonly string[], env: Readonly<Record<string, string>>) => Promise<ExecResult>;

/** A docker cluster's fake clocks. */
export interface DockerClocks {
  /** Whether the run may skew `node`'s clock (`ClockOptions.nodes`; none without fake clocks). */
  faked(node: NodeId): boolean;
  /** Environment for a process about to start on `node`: its own skew file (empty without fake clocks). */
  envFor(node: NodeId): Record<string, string>;
  /** Sets the node's skew in every file of the node, running processes included; refuses a node whose clock is not faked. */
  set(node: NodeId, skew: ClockSkew): void;
  /** The offset the node's clock should show at real wall time `atMs`. */
  expectedOffset(node: NodeId, atMs: number): number;
  /** With faked monotonic clocks: the lowest offset the node may be set to at `atMs` (`monotonicFloorMs`). */
  monotonicFloor?(node: NodeId, atMs: number): number;
  /** Reads the node's clock with node's `new Date()` under a fresh skew file, dated by the shared monotonic clock. */
  read(node: NodeId, run: RunInNode): Promise<ClockReading>;
  /** Removes the skew files. */
  remove(): void;
}

/**
 * Creates `dir` (the host side of CLOCK_MOUNT). With `options` undefined the
 * clocks stay real: `envFor` adds nothing and `read` reports offset 0.
 */
export function createDockerClocks(dir: string, clock: Clock, options: ClockOptions | undefined): DockerClocks {
  mkdirSync(dir, { recursive: true });
  const states = new Map<NodeId, NodeClockState>();
  const files = new Map<NodeId, Array<{ name: string } & FakedStart>>();
  let sequence = 0;
  const state = (node: NodeId): NodeClockState => states.get(node) ?? REAL_CLOCK;
  // Only the nodes the run may skew load libfaketime (`ClockOptions.nodes`).
  const faked = (node: NodeId): boolean => options !== undefined && (options.nodes === undefined || options.nodes.includes(node));
  function writeSkew(name: string, startedAtMs: number, node: NodeId): void {
    const path = join(dir, name);
    writeNoFollow(`${path}.tmp`, `${faketimeSpec(processSkew(state(node), startedAtMs))}\n`);
    renameSync(`${path}.tmp`, path);
  }
  return {
    faked,
    envFor(node) {
      if (!options || !faked(node)) return {};
      const name = `${node}.${++sequence}`;
      const startedAtMs = clock.wallMs();
      writeSkew(name, startedAtMs, node);
      files.set(node, [...(files.get(node) ?? []), { name, startedAtMs, offsetAtStartMs: nodeOffsetAt(state(node), startedAtMs) }]);
      return faketimeEnv(FAKETIME_LIBRARY, `${CLOCK_MOUNT}/${name}`, options);
    },
    set(node, skew) {
      if (!faked(node)) throw new HarnessError("nemesis.unsupported-fault", `Cannot skew the clock of node "${node}": the cluster does not fake its clock`);
      states.set(node, { skew, setAtMs: clock.wallMs() });
      for (const file of files.get(node) ?? []) writeSkew(file.name, file.startedAtMs, node);
    },
    expectedOffset: (node, atMs) => nodeOffsetAt(state(node), atMs),
    ...(options?.monotonic ? { monotonicFloor: (node: NodeId, atMs: number) => monotonicFloorMs(files.get(node) ?? [], atMs) } : {}),
    async read(node, run) {
      if (!options || !faked(node)) return { node, offsetMs: 0 };
      const name = `${node}.probe`;
      const before = clock.wallMs();
      const monoBefore = process.hrtime.bigint();
      writeSkew(name, before, node);
      const env = faketimeEnv(FAKETIME_LIBRARY, `${CLOCK_MOUNT}/${name}`, options);
      const result = await run(node, ["/usr/bin/node", "-e", READ_CLOCK], env);
      const after = clock.wallMs();
      const [wall, mono] = result.stdout.trim().split(" ").map(Number) as [number, number];
      if (result.exitCode !== 0 || !Number.isFinite(wall) || !Number.isFinite(mono)) {
        throw new HarnessError("nemesis.fault-not-applied", `Cannot read the clock of node "${node}": node said "${result.stderr.trim() || result.stdout.trim()}"`);
      }
      // The monotonic clock is the kernel's, shared with the container, and
      // real unless faked: it dates the reading exactly. Else take the midpoint.
      const realAt = options.monotonic ? (before + after) / 2 : before + (mono - Number(monoBefore)) / 1e6;
      const dating = options.monotonic ? Math.ceil((after - before) / 2) : 0;
      return { node, offsetMs: Math.round(wall - realAt), atMs: realAt, uncertaintyMs: probeStartUncertaintyMs(state(node), before, after) + dating };
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
