/**
 * Removes what runs left on a Docker engine: every container and network
 * labelled `fencecheck.run` (of one run, or of all), and their clock files.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { DockerEngine } from "./docker-engine.js";
import { RUN_LABEL, runLabelFilter } from "./docker-plan.js";

/** What `cleanDocker` removed. */
export interface DockerCleanResult {
  readonly containers: readonly string[];
  readonly networks: readonly string[];
  /** The run ids whose objects were removed. */
  readonly runs: readonly string[];
}

/** Options for `cleanDocker`. */
export interface CleanDockerOptions {
  /** Only this run's objects; every run's otherwise. */
  readonly runId?: string;
  /** The runtime's state directory: `<stateDir>/<runId>` of each cleaned run is removed too. */
  readonly stateDir?: string;
}

/**
 * Force-removes the labelled containers (their processes, iptables rules and
 * namespaces go with them), then the labelled networks. Idempotent: an
 * object that vanished meanwhile is not an error.
 */
export async function cleanDocker(engine: DockerEngine, opts: CleanDockerOptions = {}): Promise<DockerCleanResult> {
  const filters = runLabelFilter(opts.runId);
  const runs = new Set<string>();
  const containers = await engine.docker.listContainers({ all: true, filters });
  await Promise.all(
    containers.map(async (info) => {
      runs.add(info.Labels[RUN_LABEL] ?? "");
      await engine.docker.getContainer(info.Id).remove({ force: true, v: true }).catch(ignoreGone);
    }),
  );
  const networks = await engine.docker.listNetworks({ filters });
  await Promise.all(
    networks.map(async (info) => {
      runs.add(info.Labels?.[RUN_LABEL] ?? "");
      await removeNetwork(engine, info.Id, filters);
    }),
  );
  const runIds = [...runs].filter((id) => id !== "");
  if (opts.stateDir !== undefined) {
    for (const id of opts.runId === undefined ? runIds : [opts.runId]) rmSync(join(opts.stateDir, id), { recursive: true, force: true });
  }
  return {
    containers: containers.map((c) => (c.Names[0] ?? c.Id).replace(/^\//, "")),
    networks: networks.map((n) => n.Name),
    runs: runIds,
  };
}

/** How often a network still in use is tried again, and how long apart. */
const NETWORK_TRIES = 20;
const NETWORK_RETRY_MS = 250;

/**
 * Removes a network once its containers are gone. A container whose removal
 * another caller had already begun ("already in progress", ignored above)
 * can still hold an endpoint for a moment: the network's removal then fails
 * with "active endpoints", and is tried again, the run's containers removed
 * again first, for at most NETWORK_TRIES x NETWORK_RETRY_MS (5 s).
 */
async function removeNetwork(engine: DockerEngine, id: string, filters: ReturnType<typeof runLabelFilter>): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      await engine.docker.getNetwork(id).remove();
      return;
    } catch (error) {
      if (tries >= NETWORK_TRIES || !/active endpoints/i.test(String(error))) return ignoreGone(error);
    }
    const still = await engine.docker.listContainers({ all: true, filters });
    await Promise.all(still.map((info) => engine.docker.getContainer(info.Id).remove({ force: true, v: true }).catch(ignoreGone)));
    await sleep(NETWORK_RETRY_MS);
  }
}

function ignoreGone(error: unknown): void {
  if (!/no such|not found|404|already in progress/i.test(String(error))) throw error;
}
