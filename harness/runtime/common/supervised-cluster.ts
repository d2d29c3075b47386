/**
 * The parts of a cluster the node supervisor answers, written once for
 * every runtime: the processes facet (start, pause, resume, kill, restart)
 * and the disks facet are the supervisor's own calls; the network faults
 * a runtime supplies are guarded by it (no new fault on a stopped cluster,
 * no fault on a node the cluster does not have, heals a no-op once it is
 * stopped, since what they would remove went with it).
 */
import type { ClusterDisks, ClusterNetwork, ClusterProcesses, NodeId } from "../../../core/index.js";
import type { NodeSupervisor } from "./node-supervisor.js";
import type { TrackedProcess } from "./process-table.js";

/** The calls of the processes facet that are the supervisor's alone. */
export type SupervisedProcesses = Pick<ClusterProcesses, "startProcess" | "pause" | "resume" | "kill" | "restart"> & ClusterDisks;

/** The supervisor's calls as facets; `disks` are the cluster's lazy disks (none: `loseUnsynced` is refused). */
export function supervisedProcesses<P extends TrackedProcess>(supervisor: NodeSupervisor<P>, disks: ClusterDisks | undefined): SupervisedProcesses {
  return {
    startProcess: (node, spec) => supervisor.start(node, spec),
    pause: (node) => supervisor.pause(node),
    resume: (node) => supervisor.resume(node),
    kill: (node) => supervisor.kill(node),
    restart: (node) => supervisor.restart(node),
    loseUnsynced: (node) => supervisor.loseUnsynced(node, disks),
  };
}

/**
 * The runtime's network faults behind the supervisor's guards: each call
 * that names a node throws "config.invalid" for one the cluster does not
 * have; `partition`, `dropPackets` and `delayTraffic` throw
 * "nemesis.fault-not-applied" once the cluster is stopped; `heal` and
 * `healTraffic` then do nothing.
 */
export function guardedNetwork<P extends TrackedProcess>(supervisor: NodeSupervisor<P>, runId: string, faults: ClusterNetwork): ClusterNetwork {
  const refuse = (node: NodeId, what: string): void => {
    supervisor.checkNode(node);
    supervisor.refuseStopped(`${what} of node "${node}"`);
  };
  return {
    async partition(grudge) {
      supervisor.refuseStopped(`partition run "${runId}"`);
      await faults.partition(grudge);
    },
    heal: async () => (supervisor.isStopped() ? undefined : faults.heal()),
    async dropPackets(node, from, probability) {
      refuse(node, "drop packets");
      await faults.dropPackets(node, from, probability);
    },
    async delayTraffic(node, delay) {
      refuse(node, "delay traffic");
      await faults.delayTraffic(node, delay);
    },
    healTraffic: async (kind) => (supervisor.isStopped() ? undefined : faults.healTraffic(kind)),
    async probe(from, to, opts) {
      supervisor.checkNode(from);
      supervisor.checkNode(to);
      return faults.probe(from, to, opts);
    },
  };
}
