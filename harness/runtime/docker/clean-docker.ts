/**
 * Removes what runs left on a Docker engine: the containers and networks
 * labelled `fencecheck.run` (of one run; or of this controller's runs, or
 * with `all` of every run), and their state folders. A label is only a
 * name to match: an object whose run label is not a run id is left on the
 * engine and reported, and a folder is removed only when it is one plain
 * name inside the state folder.
 */
import { rmSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { RUN_ID_FORM } from "../../../core/index.js";
import type { DockerEngine } from "./docker-engine.js";
import { CONTROLLER_LABEL, RUN_LABEL, runLabelFilter } from "./docker-plan.js";
import { IMAGE_CHECK_RUN } from "./image-check.js";

/** What `cleanDocker` removed, and what it left. */
export interface DockerCleanResult {
  readonly containers: readonly string[];
  readonly networks: readonly string[];
  /** The run ids whose objects were removed. */
  readonly runs: readonly string[];
  /** Runs left alone (another controller's, or older than controller ids) without `all`. */
  readonly leftAlone: readonly string[];
  /** Run labels that are not run ids: their objects were left on the engine. */
  readonly refused: readonly string[];
}

/** Options for `cleanDocker`. */
export interface CleanDockerOptions {
  /** Only this run's objects, whichever controller started it. */
  readonly runId?: string;
  /** Without `runId`: the objects labelled with this controller id (see controller-id.ts); none when absent. */
  readonly controllerId?: string;
  /** Without `runId`: every run's objects, whichever controller started them. */
  readonly all?: boolean;
  /** The runtime's state directory: `<stateDir>/<runId>` of each cleaned run is removed too. */
  readonly stateDir?: string;
}

/** What `clean` does with one labelled object. */
export type DockerObjectFate = "remove" | "leave" | "refuse";

/**
 * The fate of an object with `labels`: one listed for a given run id is
 * removed; otherwise a run label that is not a run id (nor an image check's)
 * is refused, and the rest removed when `all` or when they carry
 * `controllerId`, left alone otherwise. Pure.
 */
export function dockerObjectFate(labels: Readonly<Record<string, string>>, opts: Pick<CleanDockerOptions, "runId" | "controllerId" | "all">): DockerObjectFate {
  if (opts.runId !== undefined) return labels[RUN_LABEL] === opts.runId ? "remove" : "leave";
  const run = labels[RUN_LABEL] ?? "";
  if (!RUN_ID_FORM.test(run) && run !== IMAGE_CHECK_RUN) return "refuse";
  if (opts.all === true) return "remove";
  return opts.controllerId !== undefined && labels[CONTROLLER_LABEL] === opts.controllerId ? "remove" : "leave";
}

/**
 * The run's folder `<stateDir>/<name>` when `name` is one plain name
 * (letters, digits, "_", "." or "-", not "." or "..") that resolves inside
 * `stateDir`; undefined otherwise. Pure.
 */
export function runFolderIn(stateDir: string, name: string): string | undefined {
  if (!/^[A-Za-z0-9_.-]+$/.test(name) || name === "." || name === "..") return undefined;
  const root = resolve(stateDir);
  const folder = resolve(root, name);
  const inside = relative(root, folder);
  return inside === name && !inside.startsWith("..") && !isAbsolute(inside) && !inside.includes(sep) ? folder : undefined;
}

/**
 * Force-removes the chosen containers (their processes, iptables rules and
 * namespaces go with them), then the chosen networks, then the cleaned
 * runs' folders (the image check's has none). Idempotent: an object that
 * vanished meanwhile is not an error.
 */
export async function cleanDocker(engine: DockerEngine, opts: CleanDockerOptions = {}): Promise<DockerCleanResult> {
  const filters = runLabelFilter(opts.runId);
  const runs = new Set<string>();
  const leftAlone = new Set<string>();
  const refused = new Set<string>();
  const choose = <T extends { Labels?: Record<string, string> | null }>(objects: readonly T[]): T[] => objects.filter((info) => {
    const labels = info.Labels ?? {};
    const fate = dockerObjectFate(labels, opts);
    const run = labels[RUN_LABEL] ?? "";
    if (fate === "remove") runs.add(run);
    else if (fate === "refuse") refused.add(run);
    else if (opts.runId === undefined) leftAlone.add(run);
    return fate === "remove";
  });
  const containers = choose(await engine.docker.listContainers({ all: true, filters }));
  const removeAll = (chosen: readonly { Id: string }[]): Promise<unknown> => Promise.all(chosen.map((info) => engine.docker.getContainer(info.Id).remove({ force: true, v: true }).catch(ignoreGone)));
  await removeAll(containers);
  // Listed again, as chosen by their labels alone: a container the run made meanwhile goes too, never another run's.
  const removeContainers = async (): Promise<unknown> =>
    removeAll((await engine.docker.listContainers({ all: true, filters })).filter((info) => dockerObjectFate(info.Labels ?? {}, opts) === "remove"));
  const networks = choose(await engine.docker.listNetworks({ filters }));
  await Promise.all(networks.map((info) => removeNetwork(engine, info.Id, removeContainers)));
  const runIds = [...runs].filter((id) => id !== "" && id !== IMAGE_CHECK_RUN);
  if (opts.stateDir !== undefined) {
    for (const id of opts.runId === undefined ? runIds : [opts.runId]) {
      const folder = runFolderIn(opts.stateDir, id);
      if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
    }
  }
  return {
    containers: containers.map((c) => (c.Names[0] ?? c.Id).replace(/^\//, "")),
    networks: networks.map((n) => n.Name),
    runs: runIds,
    leftAlone: [...leftAlone].filter((id) => !runs.has(id)),
    refused: [...refused],
  };
}

/** How often a network still in use is tried again, how long apart, and from which try its endpoints are disconnected by force. */
const NETWORK_TRIES = 20;
const NETWORK_RETRY_MS = 250;
const FORCE_DISCONNECT_FROM_TRY = 4;

/**
 * Removes a network once its containers are gone. A container whose removal
 * another caller had already begun ("already in progress", ignored above)
 * can still hold an endpoint for a moment: the network's removal then fails
 * with "active endpoints", and is tried again, the run's containers removed
 * again first (those `clean` chose: never another run's), for at most
 * NETWORK_TRIES x NETWORK_RETRY_MS (5 s). The engine can also keep an
 * endpoint whose container is gone (seen under load): from the fourth try,
 * every endpoint still on the network (the run's own network) is
 * disconnected by force, as `docker network disconnect -f` does.
 */
async function removeNetwork(engine: DockerEngine, id: string, removeContainers: () => Promise<unknown>): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      await engine.docker.getNetwork(id).remove();
      return;
    } catch (error) {
      if (tries >= NETWORK_TRIES || !/active endpoints/i.test(String(error))) return ignoreGone(error);
    }
    await removeContainers();
    if (tries >= FORCE_DISCONNECT_FROM_TRY) await disconnectEndpoints(engine, id);
    await sleep(NETWORK_RETRY_MS);
  }
}

async function disconnectEndpoints(engine: DockerEngine, id: string): Promise<void> {
  const network = engine.docker.getNetwork(id);
  const info = (await network.inspect().catch(ignoreGone)) as { Containers?: Record<string, unknown> } | undefined;
  await Promise.all(Object.keys(info?.Containers ?? {}).map((container) => network.disconnect({ Container: container, Force: true }).catch(ignoreGone)));
}

function ignoreGone(error: unknown): void {
  if (!/no such|not found|404|already in progress/i.test(String(error))) throw error;
}
