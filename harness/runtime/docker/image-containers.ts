/**
 * The image containers of a docker cluster (services that ship as images,
 * see image-process.ts): started beside their node's container, and reached
 * by every process fault the node's own programs get: signals to each of
 * their processes by host PID (local engine) or through the engine, and
 * the freezer.
 */
import type Docker from "dockerode";
import type { HarnessError, NodeId, ProcessImage, ProcessSpec } from "../../../core/index.js";
import { FAKETIME_LIBRARY } from "./images/image-specs.js";
import { containerPids, signalHostPid } from "./container-io.js";
import { CLOCK_MOUNT, writableBinds, type DockerPlan, type PlanMounts } from "./docker-plan.js";
import type { DockerEngine } from "./docker-engine.js";
import type { ExecProcess } from "./exec-process.js";
import { startImageProcess } from "./image-process.js";

/** What the image containers need from their cluster. */
export interface ImageContainerParts {
  readonly engine: DockerEngine;
  readonly plan: DockerPlan;
  readonly mounts: PlanMounts;
  readonly onFailure: (error: HarnessError) => void;
}

/** A cluster's image containers, per node. */
export interface ImageContainers {
  /** Starts `spec` as its image's container on `node`, with `env` (the node's clock variables) before the spec's. */
  start(node: NodeId, spec: ProcessSpec, image: ProcessImage, env: Readonly<Record<string, string>>): Promise<ExecProcess>;
  /** Signals every process of the node's running image containers (the engine's kill on a remote one). */
  signal(node: NodeId, signal: "SIGSTOP" | "SIGCONT" | "SIGKILL"): Promise<void>;
  /** Freezes (`docker pause`) or thaws the node's running image containers. */
  freeze(node: NodeId, frozen: boolean): Promise<void>;
}

/** Creates the registry of a cluster's image containers (none yet). */
export function createImageContainers(parts: ImageContainerParts): ImageContainers {
  const { engine, plan, mounts } = parts;
  const running = new Map<NodeId, { proc: ExecProcess; container: Docker.Container }[]>();
  let sequence = 0;
  const live = (node: NodeId): Docker.Container[] => (running.get(node) ?? []).filter((c) => c.proc.alive()).map((c) => c.container);
  return {
    async start(node, spec, image, env) {
      const nodeContainer = plan.containers.find((c) => c.id === node)?.name ?? "";
      const faked = env.LD_PRELOAD !== undefined;
      const binds = [
        ...writableBinds(mounts, node),
        ...(faked ? [`${mounts.clockDir}:${CLOCK_MOUNT}:ro`, `${FAKETIME_LIBRARY}:${FAKETIME_LIBRARY}:ro`] : []),
      ];
      const started = await startImageProcess({
        node, runId: plan.runId, ...(plan.controllerId === undefined ? {} : { controllerId: plan.controllerId }), docker: engine.docker, nodeContainer, name: `${nodeContainer}-image-${++sequence}`, binds, env,
        ...(engine.remote ? {} : { signalPid: signalHostPid }), onLogFailure: parts.onFailure,
      }, spec, image);
      running.set(node, [...(running.get(node) ?? []).filter((c) => c.proc.alive()), started]);
      return started.proc;
    },
    async signal(node, signal) {
      for (const container of live(node)) {
        if (engine.remote) await container.kill({ signal }).catch(() => undefined);
        else for (const pid of await containerPids(container, -1)) signalHostPid(pid, signal);
      }
    },
    async freeze(node, frozen) {
      await Promise.all(live(node).map((c) => (frozen ? c.pause() : c.unpause()).catch((error: unknown) => {
        if (!/not paused|is not running|already paused/i.test(String(error))) throw error;
      })));
    },
  };
}
