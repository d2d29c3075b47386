/**
 * The `docker` runtime: each node is a container on a network of the run's
 * own (explicit subnet, fixed addresses), every object labelled
 * `fencecheck.run=<run id>` and `fencecheck.controller=<controller id>`. Programs run in the containers through
 * `docker exec`; faults are applied from the host, never with
 * `--privileged` or SYS_TIME. On a remote engine (DOCKER_HOST tcp:// or
 * ssh://) only the faults the engine itself can apply are offered.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { HarnessError, createSystemClock, messageOf } from "../../../core/index.js";
import type { Clock, Cluster, Fault, NodeRole, NodeSpec, Runtime, StartOptions } from "../../../core/index.js";
import { runCommand } from "../common/run-command.js";
import { checkLazyFs, mountLazyDisks, type LazyDisks } from "../common/lazy-fs.js";
import { firstFailureTo } from "../common/node-log.js";
import { controlStateRoot, ownedPath } from "../common/owned-folder.js";
import { cleanDocker } from "./clean-docker.js";
import { createDockerClocks } from "./docker-clocks.js";
import { createDockerCluster } from "./docker-cluster.js";
import { checkImage } from "./image-check.js";
import { connectEngine, pingEngine, type DockerEngine } from "./docker-engine.js";
import { containerCreateOptions, dockerPlan, networkCreateOptions, runLabelFilter, type DockerPlan, type PlanMounts } from "./docker-plan.js";
import { localImageTag } from "./images/image-specs.js";
import { controllerId } from "../common/controller-id.js";
import { clockInjector, clockInjectorAvailable } from "../common/clock-injector.js";

/** Options for `createDockerRuntime`. */
export interface DockerRuntimeOptions {
  /** The engine; `connectEngine()` (DOCKER_HOST or the local socket) by default. */
  readonly engine?: DockerEngine;
  readonly clock?: Clock;
  /** The image of each role's containers; `fencecheck/node:local` by default. */
  readonly images?: Partial<Readonly<Record<NodeRole, string>>>;
  /**
   * Host paths mounted at the same path in every container: the package
   * root (dist/, node_modules) and a user's adapter read-only; `readWrite`
   * for every node (tests), besides each node's own folder
   * (`StartOptions.nodeDirs`), which only that node's containers get.
   */
  readonly mounts: { readonly readOnly: readonly string[]; readonly readWrite: readonly string[] };
  /**
   * Host directory for the runs' clock files and logs, `<stateDir>/<run id>`:
   * `<state root>/docker` by default (owned-folder.ts). Each run's folder,
   * and every folder from the state root down, is checked before use.
   */
  readonly stateDir?: string;
  /** How long `stop` waits after SIGTERM before removing the containers; default 1000 ms. */
  readonly stopGraceMs?: number;
  /** The controller id labelled on the run's objects; this machine's (controller-id.ts) by default, read at start. */
  readonly controllerId?: string;
}

/** The faults on an engine of this host, and on a remote one. */
export const DOCKER_FAULTS: ReadonlySet<Fault> = new Set<Fault>(["pause", "kill", "partition", "clock", "lose-unfsynced"]);
export const REMOTE_DOCKER_FAULTS: ReadonlySet<Fault> = new Set<Fault>(["pause", "kill"]);

/** The default state directory of the docker runtime (clock files, logs), for `fencecheck clean`. */
export function defaultDockerStateDir(): string {
  return join(controlStateRoot(), "docker");
}

const SUBNET_ATTEMPTS = 8;

/** Creates the docker runtime. `start` refuses a run id whose objects still exist. */
export function createDockerRuntime(opts: DockerRuntimeOptions): Runtime {
  const engine = opts.engine ?? connectEngine();
  const clock = opts.clock ?? createSystemClock();
  const stateDir = opts.stateDir ?? defaultDockerStateDir();
  const faults = engine.remote ? REMOTE_DOCKER_FAULTS : DOCKER_FAULTS;
  const imageOf = (role: NodeRole): string => opts.images?.[role] ?? localImageTag("node");
  // By host PID, from this host: a remote engine's processes are out of reach.
  const injector = !engine.remote && clockInjectorAvailable() ? clockInjector() : undefined;
  return {
    kind: "docker",
    faults,
    injectsClocks: injector !== undefined,
    async checkPrerequisites(needs) {
      if (needs?.has("lose-unfsynced") && !engine.remote) checkLazyFs();
      await pingEngine(engine);
      for (const image of new Set((["lock", "storage", "client"] as const).map(imageOf))) {
        await engine.docker.getImage(image).inspect().catch(() => {
          throw new HarnessError("prerequisite.missing", `Cannot use image "${image}": it is not on the engine at "${engine.address}" (run "fencecheck images build")`);
        });
      }
      if (!engine.remote) await checkHostTools(clock);
    },
    checkImage: (image) => checkImage(engine, image, opts.controllerId ?? controllerId()),
    async start(nodes: readonly NodeSpec[], start: StartOptions): Promise<Cluster> {
      const leftovers = await engine.docker.listContainers({ all: true, filters: runLabelFilter(start.runId) });
      if (leftovers.length > 0) {
        throw new HarnessError("runtime.unavailable", `Cannot start run "${start.runId}": containers of an earlier run with this id still exist (run "fencecheck clean")`);
      }
      const runState = opts.stateDir === undefined ? ownedPath(controlStateRoot(), ["docker", start.runId]) : ownedPath(opts.stateDir, [start.runId]);
      const clockDir = join(runState, "clock");
      const clocks = createDockerClocks(clockDir, clock, start.clock);
      let disks: LazyDisks | undefined;
      const remove = async (): Promise<void> => {
        await cleanDocker(engine, { runId: start.runId, stateDir });
      };
      try {
        // Mounted before the containers exist: their bind mount of the store then carries the lazy disks in.
        if (start.lazyFs && !engine.remote) disks = await mountLazyDisks(start.lazyFs, clock, start.runId);
        const plan = await createNetwork(engine, start.runId, nodes, opts.controllerId ?? controllerId());
        // Each node writes its own folder of the store only; it is made here so that Docker mounts a folder, not a new root-owned path.
        for (const dir of Object.values(start.nodeDirs ?? {})) mkdirSync(dir, { recursive: true });
        const mounts: PlanMounts = { ...opts.mounts, clockDir, ...(start.nodeDirs ? { nodeDirs: start.nodeDirs } : {}) };
        await Promise.all(plan.containers.map(async (node) => {
          throwIfAborted(start.signal, start.runId);
          const container = await engine.docker.createContainer(containerCreateOptions(plan, node, imageOf(node.role), mounts));
          await container.start();
        }));
        throwIfAborted(start.signal, start.runId);
        const faultSet = start.clock ? faults : new Set([...faults].filter((f) => f !== "clock"));
        const logDir = join(runState, "logs");
        return createDockerCluster({
          engine, plan, mounts, faults: faultSet, clock, clocks, logDir, monotonicClocks: start.clock?.monotonic === true, ...(injector ? { injector } : {}), stopGraceMs: opts.stopGraceMs ?? 1_000, remove, onFailure: firstFailureTo(start.onFailure), ...(disks ? { disks } : {}),
        });
      } catch (error) {
        await remove().catch(() => undefined);
        await disks?.unmountAll();
        if (error instanceof HarnessError) throw error;
        throw new HarnessError("runtime.node-start-failed", `Cannot start run "${start.runId}": ${messageOf(error)}`, { cause: error });
      }
    },
  };
}

/** Creates the run's network, moving to another subnet when the planned one clashes with an existing network. */
async function createNetwork(engine: DockerEngine, runId: string, nodes: readonly NodeSpec[], controller: string): Promise<DockerPlan> {
  for (let attempt = 0; ; attempt++) {
    const plan = dockerPlan(runId, nodes, attempt, controller);
    try {
      await engine.docker.createNetwork(networkCreateOptions(plan));
      return plan;
    } catch (error) {
      if (attempt + 1 >= SUBNET_ATTEMPTS || !/overlap/i.test(String(error))) throw error;
    }
  }
}

async function checkHostTools(clock: Clock): Promise<void> {
  for (const tool of ["nsenter", "iptables-restore", "bash"]) {
    const found = await runCommand(["sh", "-c", `command -v ${tool}`], { clock, timeoutMs: 5_000 });
    if (found.exitCode !== 0) {
      throw new HarnessError("prerequisite.missing", `Cannot inject faults into containers: "${tool}" is not installed on this host`);
    }
  }
}

function throwIfAborted(signal: AbortSignal | undefined, runId: string): void {
  if (signal?.aborted) throw new HarnessError("run.aborted", `Cannot start run "${runId}": aborted during bring-up`);
}
