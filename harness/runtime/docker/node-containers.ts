/**
 * How a docker cluster reaches its nodes' containers: a node's container
 * by id (throwing "config.invalid" for a node the cluster does not have),
 * its address, its main PID on this host (asked of the engine once), a
 * command run in it, and the error for a fault that needs the engine's
 * host when the engine is remote.
 */
import type Docker from "dockerode";
import { HarnessError } from "../../../core/index.js";
import type { Clock, ExecResult, NodeId } from "../../../core/index.js";
import { nodeLookup } from "../common/node-lookup.js";
import { execInContainer } from "./container-io.js";
import type { DockerEngine } from "./docker-engine.js";
import type { DockerPlan } from "./docker-plan.js";

/** Runs `argv` in a node's container to completion, with extra environment. */
export type RunInContainer = (node: NodeId, argv: readonly string[], env?: Readonly<Record<string, string>>, opts?: { input?: string; timeoutMs?: number }) => Promise<ExecResult>;

/** A cluster's containers, per node. */
export interface NodeContainers {
  readonly engine: DockerEngine;
  has(node: NodeId): boolean;
  /** The node's container; throws "config.invalid" for a node the cluster does not have. */
  containerOf(node: NodeId): Docker.Container;
  /** The node's address on the run's network. */
  hostOf(node: NodeId): string;
  /** The PID of the container's first process on this host (local engine only). */
  mainPid(node: NodeId): Promise<number>;
  readonly run: RunInContainer;
  /** The "nemesis.unsupported-fault" error for a fault that needs the engine's host, on a remote engine: `Cannot ${what} ${node or the run}: ...`. */
  notOnHost(what: string, node: NodeId | "all"): HarnessError;
}

/** Creates the lookup over the plan's containers. */
export function nodeContainers(engine: DockerEngine, plan: DockerPlan, clock: Clock): NodeContainers {
  const { docker } = engine;
  const planned = nodeLookup(plan.containers.map((c) => [c.id, c] as const));
  const mainPids = new Map<NodeId, number>();
  const containerOf = (node: NodeId): Docker.Container => docker.getContainer(planned.get(node).name);
  return {
    engine,
    has: (node) => planned.has(node),
    containerOf,
    hostOf: (node) => planned.get(node).host,
    async mainPid(node) {
      const known = mainPids.get(node);
      if (known !== undefined) return known;
      const pid = (await containerOf(node).inspect()).State.Pid;
      mainPids.set(node, pid);
      return pid;
    },
    run: (node, argv, env = {}, opts = {}) => execInContainer(docker, containerOf(node), argv, { env, clock, ...opts }),
    notOnHost(what, node) {
      const target = node === "all" ? `run "${plan.runId}"` : `node "${node}"`;
      return new HarnessError("nemesis.unsupported-fault", `Cannot ${what} ${target}: the Docker engine at "${engine.address}" is remote and this fault needs the engine's host`);
    },
  };
}
