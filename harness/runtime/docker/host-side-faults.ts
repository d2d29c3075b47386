/**
 * The faults a docker cluster applies from the engine's host (iptables
 * through nsenter into a container's network, libfaketime skew files
 * mounted into the containers): on a local engine they pass through; on a
 * remote one each is refused with "nemesis.unsupported-fault" naming the
 * engine, the heals do nothing (nothing was applied) and reading a clock,
 * done inside the container, still works.
 */
import type { ClusterClocks, ClusterNetwork } from "../../../core/index.js";
import type { NodeContainers } from "./node-containers.js";

/** `faults` as the engine's place allows them. */
export function onEngineHost(containers: NodeContainers, faults: ClusterNetwork & ClusterClocks): ClusterNetwork & ClusterClocks {
  if (!containers.engine.remote) return faults;
  const { notOnHost } = containers;
  return {
    partition: () => Promise.reject(notOnHost("partition", "all")),
    heal: async () => undefined,
    dropPackets: (node) => Promise.reject(notOnHost("drop packets on", node)),
    delayTraffic: (node) => Promise.reject(notOnHost("delay traffic into", node)),
    healTraffic: async () => undefined,
    probe: (from) => Promise.reject(notOnHost("probe from", from)),
    async setClock(node) {
      containers.containerOf(node);
      throw notOnHost("skew the clock of", node);
    },
    readClock: (node) => faults.readClock(node),
  };
}
