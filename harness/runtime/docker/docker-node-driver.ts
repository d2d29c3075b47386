/**
 * How a docker cluster reaches its programs, as the node supervisor's
 * `NodeDriver` (common/node-supervisor.ts): a program is a `docker exec`
 * in its node's container (or an image's own container beside it), ready
 * once its port accepts a connection made inside the node, signalled by
 * host PID on a local engine and from inside the container on a remote
 * one. A node-wide signal also reaches what the cluster does not track:
 * its image containers and the container's other processes (the engine's
 * freezer stands in for SIGSTOP and SIGCONT on a remote engine). When each
 * of these happens is the supervisor's.
 */
import type { Clock, HarnessError, NodeId } from "../../../core/index.js";
import type { NodeDriver, NodeSignal } from "../common/node-supervisor.js";
import { awaitStopped } from "../common/process-table.js";
import { containerPids, signalHostPid } from "./container-io.js";
import { ignoreNotPaused } from "./container-freezer.js";
import type { DockerClocks } from "./docker-clocks.js";
import { startExecProcess, type ExecProcess } from "./exec-process.js";
import type { ImageContainers } from "./image-containers.js";
import type { NodeContainers } from "./node-containers.js";
import { waitForService } from "./wait-for-service.js";

/** What the driver needs from its cluster. */
export interface DockerNodeDriverParts {
  readonly containers: NodeContainers;
  readonly images: ImageContainers;
  readonly clocks: Pick<DockerClocks, "envFor">;
  /** Gives a program started with `clockTool: "injector"` its node's clock once it is ready (by host PID; a local engine only). */
  readonly started?: (node: NodeId, proc: ExecProcess) => Promise<void>;
  readonly clock: Clock;
  /** Called when a node's log cannot be written. */
  readonly onFailure: (error: HarnessError) => void;
}

/** Creates the driver. */
export function createDockerNodeDriver(parts: DockerNodeDriverParts): NodeDriver<ExecProcess> {
  const { containers, images, clock } = parts;
  const { remote, docker } = containers.engine;
  const { run } = containers;
  const sendSignal = (node: NodeId) => (remote
    ? (pid: number, signal: NodeJS.Signals) => void run(node, ["kill", "-s", signal.replace(/^SIG/, ""), String(pid)]).catch(() => undefined)
    : signalHostPid);

  /** Every process of the node the supervisor does not track: its image containers', then (local engine) the rest `docker top` lists; on a remote engine, the engine's freezer or a kill in the container. */
  async function signalContainer(node: NodeId, signal: NodeSignal): Promise<void> {
    await images.signal(node, signal);
    const container = containers.containerOf(node);
    if (!remote) {
      for (const pid of await containerPids(container, await containers.mainPid(node))) signalHostPid(pid, signal);
    } else if (signal === "SIGKILL") {
      await run(node, ["kill", "-s", "KILL", "-1"]);
    } else {
      await (signal === "SIGSTOP" ? container.pause() : container.unpause()).catch(ignoreNotPaused);
    }
  }

  return {
    clock,
    hasNode: (node) => containers.has(node),
    async spawn(node, spec) {
      const env = spec.fakeClock === false || spec.clockTool === "injector" ? {} : parts.clocks.envFor(node);
      if (spec.image) return images.start(node, spec, spec.image, env);
      const readPidFile = remote ? async (file: string) => Number((await run(node, ["cat", file])).stdout.trim()) : undefined;
      return startExecProcess(
        { node, docker, container: containers.containerOf(node), env, sendSignal: sendSignal(node), clock, onLogFailure: parts.onFailure, ...(readPidFile ? { readPidFile } : {}) },
        spec,
      );
    },
    waitReady: async (node, proc, port, timeoutMs) =>
      waitForService({ node, proc, host: containers.hostOf(node), port, timeoutMs, clock, run, mainPid: remote ? undefined : await containers.mainPid(node) }),
    signalRest: (node, signal) => (signal === "SIGTERM" ? Promise.resolve() : signalContainer(node, signal)),
    awaitStopped: async (_node, procs) => (remote ? undefined : awaitStopped(procs, clock)),
    ...(parts.started ? { started: parts.started } : {}),
  };
}
