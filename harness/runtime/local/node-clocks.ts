/**
 * The fake clocks of a local cluster: one skew file per process under
 * `<stateDir>/<runId>/clock/`, rewritten atomically (write, then rename) on
 * every change, and one pair of libfaketime shared objects per process in
 * /dev/shm named after the run. See `faketime.ts` for why each process has
 * its own file, and `faketime-shared.ts` for the shared objects.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { HarnessError } from "../../../core/index.js";
import type { Clock, ClockOptions, ClockReading, ClockSkew, NodeId } from "../../../core/index.js";
import { FAKETIME_LIBRARY_PATHS, REAL_CLOCK, faketimeEnv, faketimeSpec, monotonicFloorMs, nodeOffsetAt, probeStartUncertaintyMs, processSkew, type FakedStart } from "../common/faketime.js";
import type { NodeClockState } from "../common/faketime.js";
import { createSharedObjects, faketimeSharedEnv, removeSharedObjects, removeSharedPair, sharedObjectName } from "../common/faketime-shared.js";
import { writeNoFollow } from "../common/node-log.js";
import { ownedPath } from "../common/owned-folder.js";
import { namespaceExecArgv } from "./namespaces.js";
import { runCommand } from "../common/run-command.js";

/** Reads of a node's clock at most, for one narrow enough (see `read`). */
const CLOCK_READS = 3;
/** A read whose window (our clock before and after `date`) is at most this is taken at once, ms. */
const SHARP_READ_MS = 100;

/** What the clocks need to know. */
export interface NodeClocksOptions {
  readonly runId: string;
  /** Parent of every run's state directory, e.g. "/run/fencecheck". */
  readonly stateDir: string;
  readonly clock: Clock;
  readonly options: ClockOptions;
  /** Where libfaketime's shared objects go (default /dev/shm; tests give their own). */
  readonly shmDir?: string;
}

/** A local cluster's fake clocks. */
export interface NodeClocks {
  /** Creates the skew file of a process about to start on `node` and returns its environment. */
  envFor(node: NodeId): Record<string, string>;
  /** Sets the node's skew in every file of the node, running processes included. */
  set(node: NodeId, skew: ClockSkew): void;
  /** The offset the node's clock should show at real wall time `atMs`. */
  expectedOffset(node: NodeId, atMs: number): number;
  /** With faked monotonic clocks: the lowest offset the node may be set to at `atMs` (`monotonicFloorMs`). */
  monotonicFloor?(node: NodeId, atMs: number): number;
  /** Runs `date` inside the node under the node's clock and returns its offset from real time. */
  read(node: NodeId, namespace: string): Promise<ClockReading>;
  /** Removes every skew file (the run's whole state directory) and the run's libfaketime shared objects. */
  remove(): void;
}

/** The directory holding one run's state (skew files); `cleanLocal` removes it. */
export function runStateDir(stateDir: string, runId: string): string {
  return join(stateDir, runId);
}

/** The first installed libfaketime, or undefined. */
export function findFaketimeLibrary(): string | undefined {
  return FAKETIME_LIBRARY_PATHS.find((path) => existsSync(path));
}

/** Creates the clock directory; throws "prerequisite.missing" without libfaketime. */
export function createNodeClocks(opts: NodeClocksOptions): NodeClocks {
  const library = findFaketimeLibrary();
  if (!library) {
    throw new HarnessError("prerequisite.missing", `Cannot fake clocks: libfaketime is not installed (apt-get install libfaketime)`);
  }
  const found: string = library;
  // 0755: a service that drops to another user (PostgreSQL) reads its skew file here.
  const dir = join(ownedPath(opts.stateDir, [opts.runId], { mode: 0o755 }), "clock");
  mkdirSync(dir, { recursive: true });
  const states = new Map<NodeId, NodeClockState>();
  const files = new Map<NodeId, Array<{ path: string } & FakedStart>>();
  let sequence = 0;
  const state = (node: NodeId): NodeClockState => states.get(node) ?? REAL_CLOCK;

  function writeSkew(path: string, startedAtMs: number, node: NodeId): void {
    const line = `${faketimeSpec(processSkew(state(node), startedAtMs))}\n`;
    writeNoFollow(`${path}.tmp`, line);
    renameSync(`${path}.tmp`, path);
  }
  /** The environment of a process whose skew file is `path`, with its own shared objects `key`. */
  function processEnv(path: string, key: string): Record<string, string> {
    const name = sharedObjectName(opts.runId, key);
    createSharedObjects(name, opts.shmDir);
    return { ...faketimeEnv(found, path, opts.options), ...faketimeSharedEnv(name) };
  }

  return {
    envFor(node) {
      const key = `${node}.${++sequence}`;
      const path = join(dir, key);
      const startedAtMs = opts.clock.wallMs();
      writeSkew(path, startedAtMs, node);
      files.set(node, [...(files.get(node) ?? []), { path, startedAtMs, offsetAtStartMs: nodeOffsetAt(state(node), startedAtMs) }]);
      return processEnv(path, key);
    },
    set(node, skew) {
      states.set(node, { skew, setAtMs: opts.clock.wallMs() });
      for (const file of files.get(node) ?? []) writeSkew(file.path, file.startedAtMs, node);
    },
    expectedOffset: (node, atMs) => nodeOffsetAt(state(node), atMs),
    ...(opts.options.monotonic ? { monotonicFloor: (node: NodeId, atMs: number) => monotonicFloorMs(files.get(node) ?? [], atMs) } : {}),
    async read(node, namespace) {
      // `date` runs somewhere between the two readings of our clock: on a loaded machine starting it
      // in the namespace takes hundreds of ms, so the narrowest of a few reads is kept, with its window.
      let best = await readOnce(node, namespace);
      for (let i = 1; i < CLOCK_READS && best.uncertaintyMs > SHARP_READ_MS / 2; i++) {
        const again = await readOnce(node, namespace);
        if (again.uncertaintyMs < best.uncertaintyMs) best = again;
      }
      return best;
    },
    remove() {
      rmSync(runStateDir(opts.stateDir, opts.runId), { recursive: true, force: true });
      removeSharedObjects(opts.runId, opts.shmDir);
    },
  };

  /** One reading of the node's clock through `date` in its namespace, with its window. */
  async function readOnce(node: NodeId, namespace: string): Promise<ClockReading & { readonly uncertaintyMs: number }> {
    const key = `${node}.probe${++sequence}`;
    const probe = join(dir, key);
    const before = opts.clock.wallMs();
    writeSkew(probe, before, node);
    const argv = namespaceExecArgv(namespace, ["date", "+%s%N"], processEnv(probe, key));
    const result = await runCommand(argv, { clock: opts.clock, timeoutMs: 5_000 });
    const after = opts.clock.wallMs();
    removeSharedPair(sharedObjectName(opts.runId, key), opts.shmDir);
    rmSync(probe, { force: true });
    const ns = /^\d+$/.test(result.stdout.trim()) ? BigInt(result.stdout.trim()) : undefined;
    if (result.exitCode !== 0 || ns === undefined) {
      throw new HarnessError("nemesis.fault-not-applied", `Cannot read the clock of node "${node}": date said "${result.stderr.trim() || result.stdout.trim()}"`);
    }
    // `date` read its clock somewhere in [before, after]: half the window either way, plus what a rate
    // made of its unknown start (see `probeStartUncertaintyMs`).
    const window = Math.ceil((after - before) / 2);
    const uncertaintyMs = window + probeStartUncertaintyMs(state(node), before, after);
    return { node, offsetMs: Math.round(Number(ns / 1000n) / 1000 - (before + after) / 2), uncertaintyMs, atMs: (before + after) / 2 };
  }
}
