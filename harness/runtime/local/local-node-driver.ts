/**
 * How a local cluster reaches its programs, as the node supervisor's
 * `NodeDriver` (common/node-supervisor.ts): each is spawned inside its
 * node's namespace with the node's fake-clock environment, is ready once
 * its port accepts a connection made from inside that namespace, and is
 * stopped once /proc shows it so. When each of these happens is the
 * supervisor's.
 */
import type { Clock, HarnessError, NodeId, ProcessSpec } from "../../../core/index.js";
import type { NodeDriver } from "../common/node-supervisor.js";
import type { NodeLookup } from "../common/node-lookup.js";
import { awaitStopped } from "../common/process-table.js";
import type { PlannedNode } from "./namespaces.js";
import { spawnNodeProcess, type LocalProcess } from "./node-process.js";
import { waitForPort } from "./wait-for-port.js";

/** What the driver needs from its cluster. */
export interface LocalNodeDriverParts {
  readonly nodes: NodeLookup<PlannedNode>;
  readonly clock: Clock;
  /** Extra environment for a program about to start on `node` (its fake clock), if any. */
  readonly envFor: (node: NodeId, spec: ProcessSpec) => Record<string, string> | undefined;
  /** Called when a program's output cannot be read any more (a line past the cap). */
  readonly onFailure?: (error: HarnessError) => void;
  /** Called once a program is ready, on every start (the supervisor's `started`): gives it the node's moved clock. */
  readonly started?: (node: NodeId, proc: LocalProcess) => Promise<void>;
}

/** Creates the driver. */
export function createLocalNodeDriver(parts: LocalNodeDriverParts): NodeDriver<LocalProcess> {
  const { nodes, clock, onFailure } = parts;
  return {
    clock,
    hasNode: (node) => nodes.has(node),
    async spawn(node, spec) {
      const env = parts.envFor(node, spec);
      return spawnNodeProcess({ node, namespace: nodes.get(node).namespace, clock, ...(env ? { env } : {}), ...(onFailure ? { onFailure } : {}) }, spec);
    },
    waitReady: (node, proc, port, timeoutMs) => {
      const { namespace, host } = nodes.get(node);
      return waitForPort(node, proc, { namespace, host, port, timeoutMs, clock });
    },
    awaitStopped: (_node, procs) => awaitStopped(procs, clock),
    ...(parts.started ? { started: parts.started } : {}),
  };
}
