/**
 * The fake runtime's programs as the node supervisor's `NodeDriver`
 * (common/node-supervisor.ts), so the fake cluster's lifecycle is the one
 * every runtime has. Each node has its ports: a program with a ready port
 * listens on it (when `listens` says so), exits with code 1 when a live
 * program of the node holds it already, and frees it when it ends. Time
 * is not simulated: a program that does not listen fails its readiness
 * at once, and the driver's clock passes a sleep at once.
 */
import { createManualClock } from "../../../core/index.js";
import type { NodeId, ProcessSpec } from "../../../core/index.js";
import type { NodeDriver } from "../common/node-supervisor.js";
import { describeExit } from "../common/port-probe.js";
import { nodeStartFailure } from "../common/start-failure.js";
import { fakeProcess, type FakeLineHandler, type FakeProcess } from "./fake-process.js";

/** What the programs are. */
export interface FakeNodeDriverParts {
  readonly hasNode: (node: NodeId) => boolean;
  /** Answers lines sent to programs; without one they never reply. */
  readonly onLine?: FakeLineHandler | undefined;
  /** A line every "pipe" program prints once it starts. */
  readonly hello?: string | undefined;
  /** Whether a program with a ready port listens on it; every one by default. */
  readonly listens?: ((node: NodeId, spec: ProcessSpec) => boolean) | undefined;
}

/** The driver, and which node's port a live program listens on. */
export interface FakeNodeDriver extends NodeDriver<FakeProcess> {
  listening(node: NodeId, port: number): boolean;
}

/** Creates the driver; PIDs count from 1000. */
export function createFakeNodeDriver(parts: FakeNodeDriverParts): FakeNodeDriver {
  const ports = new Map<NodeId, Map<number, FakeProcess>>();
  let nextPid = 1000;
  const holder = (node: NodeId, port: number): FakeProcess | undefined => {
    const proc = ports.get(node)?.get(port);
    return proc?.alive() ? proc : undefined;
  };
  return {
    clock: createManualClock(),
    hasNode: parts.hasNode,
    async spawn(node, spec) {
      const proc = fakeProcess(node, spec, nextPid++, parts.onLine);
      const { hello } = parts;
      if (hello !== undefined && spec.stdio === "pipe") setTimeout(() => proc.say(hello), 0);
      const port = spec.readyPort;
      if (port === undefined || !(parts.listens?.(node, spec) ?? true)) return proc;
      if (holder(node, port) !== undefined) proc.end({ code: 1, signal: null });
      else ports.set(node, (ports.get(node) ?? new Map<number, FakeProcess>()).set(port, proc));
      return proc;
    },
    async waitReady(node, proc, port, timeoutMs) {
      if (holder(node, port) === proc) return;
      const why = proc.alive() ? `port ${port} not ready after ${timeoutMs} ms` : `process exited ${describeExit(await proc.exited)} before port ${port} was ready`;
      throw nodeStartFailure({ node, why, logFile: proc.spec.logFile });
    },
    awaitStopped: async () => undefined,
    listening: (node, port) => holder(node, port) !== undefined,
  };
}
