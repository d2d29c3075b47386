/**
 * A running docker cluster: one container per node on the run's network,
 * programs started in them with `docker exec`, faults applied from the host
 * (signals to real PIDs, iptables through nsenter, libfaketime skew files)
 * or, on a remote engine, through the engine (freezer pause, kill in the
 * container), with the faults that need the host refused. The node
 * lifecycle is the supervisor's (common/node-supervisor.ts, over
 * docker-node-driver.ts); this wires it to the containers' network, clocks
 * and freezer, and says what the stop removes.
 */
import { composeCluster, SHARED_FILES } from "../../../core/index.js";
import type { Clock, Cluster, Fault, HarnessError } from "../../../core/index.js";
import { clockFacet } from "../common/clock-facet.js";
import type { ClockInjector } from "../common/clock-injector.js";
import { withInjector } from "../common/injected-clocks.js";
import { descendantPids } from "../common/process-tree.js";
import type { LazyDisks } from "../common/lazy-fs.js";
import { createNodeSupervisor } from "../common/node-supervisor.js";
import { createRuleNetwork } from "../common/rule-network.js";
import { guardedNetwork, supervisedProcesses } from "../common/supervised-cluster.js";
import { createContainerFreezer } from "./container-freezer.js";
import type { DockerClocks } from "./docker-clocks.js";
import type { DockerEngine } from "./docker-engine.js";
import { createDockerNodeDriver } from "./docker-node-driver.js";
import type { DockerPlan, PlanMounts } from "./docker-plan.js";
import { onEngineHost } from "./host-side-faults.js";
import { createImageContainers } from "./image-containers.js";
import { createNetworkFaults } from "./network-faults.js";
import { nodeContainers } from "./node-containers.js";

/** What a docker cluster is made of. */
export interface DockerClusterParts {
  readonly engine: DockerEngine;
  readonly plan: DockerPlan;
  /** What the containers mount (image containers get the store and, when faked, the clock files). */
  readonly mounts: PlanMounts;
  readonly faults: ReadonlySet<Fault>;
  readonly clock: Clock;
  readonly clocks: DockerClocks;
  /** Moves the clocks of programs started with `clockTool: "injector"` (by host PID: a local engine only); without it they stay real. */
  readonly injector?: ClockInjector;
  /** Whether clock faults move the monotonic clocks too (`ClockOptions.monotonic`). */
  readonly monotonicClocks?: boolean;
  /** SIGTERM-to-SIGKILL grace in `stop`. */
  readonly stopGraceMs: number;
  /** Host directory for the run's own logs (delay proxies). */
  readonly logDir: string;
  /** Removes the run's containers, network and clock files. */
  readonly remove: () => Promise<void>;
  /** Called when a node's log cannot be written (see `StartOptions.onFailure`). */
  readonly onFailure: (error: HarnessError) => void;
  /** The nodes' lazy data directories (host FUSE mounts bind-mounted through the store), unmounted once the containers are gone. */
  readonly disks?: LazyDisks;
}

/** Wraps started containers in a `Cluster`. */
export function createDockerCluster(parts: DockerClusterParts): Cluster {
  const { engine, plan, clock, clocks, injector } = parts;
  const containers = nodeContainers(engine, plan, clock);
  const images = createImageContainers({ engine, plan, mounts: parts.mounts, onFailure: parts.onFailure });
  const skewable = withInjector(
    {
      set: (node, skew) => clocks.set(node, skew), read: (node) => clocks.read(node, containers.run), expectedOffset: (node, atMs) => clocks.expectedOffset(node, atMs),
      ...(clocks.monotonicFloor ? { monotonicFloor: clocks.monotonicFloor } : {}),
    },
    {
      injectorOf: parts.faults.has("clock") && injector ? () => injector : undefined, wallMs: () => clock.wallMs(), monotonic: parts.monotonicClocks === true,
      faked: (node) => clocks.faked(node), descendants: async (_node, pid) => descendantPids(pid),
    },
  );
  const driver = createDockerNodeDriver({ containers, images, clocks, clock, onFailure: parts.onFailure, started: (node, proc) => skewable.started(node, proc) });
  const supervisor = createNodeSupervisor(driver, parts.stopGraceMs);
  const freezer = createContainerFreezer(containers, images, plan.containers.map((c) => c.id));
  const network = createRuleNetwork({
    rules: createNetworkFaults({ hosts: new Map(plan.containers.map((c) => [c.id, c.host])), pidOf: (node) => containers.mainPid(node), clock }),
    hostOf: (node) => containers.hostOf(node), supervisor, logDir: parts.logDir, clock,
  });
  const clockFaults = clockFacet({
    checkNode: (node) => supervisor.checkNode(node), faked: parts.faults.has("clock"), clocks: skewable.clocks, clock,
  });
  const hostSide = onEngineHost(containers, { ...network, ...clockFaults });

  return composeCluster({ runId: plan.runId, nodes: plan.containers.map((c) => ({ id: c.id, role: c.role, host: c.host })), faults: parts.faults }, {
    ...SHARED_FILES,
    ...supervisedProcesses(supervisor, parts.disks),
    exec: (node, argv, opts = {}) => containers.run(node, argv, {}, opts),
    ...guardedNetwork(supervisor, plan.runId, hostSide),
    setClock: (node, skew) => hostSide.setClock(node, skew),
    readClock: (node) => hostSide.readClock(node),
    /** The container's freezer (`docker pause`): every process, children included. */
    freeze: (node) => freezer.freeze(node),
    thaw: (node) => freezer.thaw(node),
    stop: () => supervisor.stop({
      before: () => freezer.thawAll(),
      end: () => parts.remove(),
      after: async () => parts.disks?.unmountAll(),
    }),
  });
}
