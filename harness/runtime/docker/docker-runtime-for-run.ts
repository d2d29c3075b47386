/**
 * The docker runtime as a run needs it: images by lock adapter, and the
 * package root, each node's own folder of the run and a user's adapter
 * module mounted at their host paths so the harness's argv work unchanged
 * inside containers.
 */
import { mkdirSync, realpathSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { NodeRole, RunConfig, Runtime } from "../../../core/index.js";
import { findStorageKind, loadLockAdapter } from "../../../workloads/index.js";
import { ADAPTER_FOLDER_MAX_BYTES, adapterShare, homeFolders, sharedPaths } from "../common/adapter-files.js";
import { packageRoot } from "../common/package-root.js";
import { createDockerRuntime } from "./docker-runtime.js";
import type { DockerEngine } from "./docker-engine.js";

export { packageRoot };
import { localImageTag } from "./images/image-specs.js";

/**
 * The image that runs each role for a lock adapter and storage kind: the
 * lock service's image for lock nodes, PostgreSQL's for the storage nodes of
 * a postgres-* kind, node for the rest. Pure.
 */
export function dockerImagesFor(lockAdapter: string, storageKind = "fenced"): Record<NodeRole, string> {
  const service: Readonly<Record<string, string>> = {
    etcd: "etcd",
    zookeeper: "zookeeper",
    redis: "redis",
    "redis-token": "redis",
    "redis-token-everysec": "redis",
    "redis-token-volatile": "redis",
    redlock: "redis",
    postgres: "postgres",
    // The npm lock libraries run on the services above (dynalite and proper-lockfile's directory node on node).
    "etcd-lock": "etcd",
    "redis-semaphore": "redis",
    warlock: "redis",
  };
  const storage = findStorageKind(storageKind).backend.kind === "postgres" ? "postgres" : "node";
  return { lock: localImageTag(service[lockAdapter] ?? "node"), storage: localImageTag(storage), client: localImageTag("node") };
}

/**
 * Creates the docker runtime for `config` (creates the store directory so
 * it can be mounted). A user's adapter module is mounted read-only with
 * the files it declares, or its whole folder (common/adapter-files.ts).
 */
export async function dockerRuntimeForRun(config: RunConfig, opts: { readonly engine?: DockerEngine } = {}): Promise<Runtime> {
  mkdirSync(config.storeDir, { recursive: true });
  const module = config.lock.adapter;
  const adapterDir = isAbsolute(module)
    ? sharedPaths(adapterShare(module, (await loadLockAdapter(module)).adapter.files, { homes: homeFolders(), maxBytes: ADAPTER_FOLDER_MAX_BYTES, skip: config.storeDir }))
    : [];
  return createDockerRuntime({
    ...(opts.engine ? { engine: opts.engine } : {}),
    images: dockerImagesFor(config.lock.adapter, config.storage.kind),
    // The store is not mounted: each node gets its own folder of the run (StartOptions.nodeDirs).
    mounts: { readOnly: [packageRoot(), ...linkedModules(packageRoot()), ...adapterDir], readWrite: [] },
  });
}

/**
 * The folder `root/node_modules` links to when it is a symlink out of the
 * package (a shared install): mounted at its own path too, so the link
 * resolves inside containers. Nothing when it is a plain folder or absent.
 */
export function linkedModules(root: string): string[] {
  const modules = join(root, "node_modules");
  let real: string;
  try {
    real = realpathSync(modules);
  } catch {
    return [];
  }
  return real === modules || real.startsWith(`${realpathSync(root)}/`) ? [] : [real];
}
