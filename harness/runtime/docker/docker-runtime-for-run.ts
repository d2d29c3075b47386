/**
 * The docker runtime as a run needs it: images by lock adapter, and the
 * package root, the store and a user's adapter module mounted at their
 * host paths so the harness's argv work unchanged inside containers.
 */
import { mkdirSync } from "node:fs";
import { dirname, isAbsolute } from "node:path";
import type { NodeRole, RunConfig, Runtime } from "../../../core/index.js";
import { packageRoot } from "../common/package-root.js";
import { createDockerRuntime } from "./docker-runtime.js";
import type { DockerEngine } from "./docker-engine.js";

export { packageRoot };
import { localImageTag } from "./images/image-specs.js";

/** The image that runs each role for a lock adapter: its service's image for lock nodes, node for the rest. Pure. */
export function dockerImagesFor(lockAdapter: string): Record<NodeRole, string> {
  const service: Readonly<Record<string, string>> = {
    etcd: "etcd",
    zookeeper: "zookeeper",
    redis: "redis",
    "redis-token": "redis",
    redlock: "redis",
    postgres: "postgres",
  };
  return { lock: localImageTag(service[lockAdapter] ?? "node"), storage: localImageTag("node"), client: localImageTag("node") };
}

/** Creates the docker runtime for `config` (creates the store directory so it can be mounted). */
export function dockerRuntimeForRun(config: RunConfig, opts: { readonly engine?: DockerEngine } = {}): Runtime {
  mkdirSync(config.storeDir, { recursive: true });
  const adapterDir = isAbsolute(config.lock.adapter) ? [dirname(config.lock.adapter)] : [];
  return createDockerRuntime({
    ...(opts.engine ? { engine: opts.engine } : {}),
    images: dockerImagesFor(config.lock.adapter),
    mounts: { readOnly: [packageRoot(), ...adapterDir], readWrite: [config.storeDir] },
  });
}
