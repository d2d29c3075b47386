/**
 * The docker runtime as a run needs it: the images the run names, and the
 * package root, each node's own folder of the run and a user's adapter
 * module mounted at their host paths so the harness's argv work unchanged
 * inside containers. The run's adapter comes loaded (`resolveRun`): its
 * `files` say what of its module to mount, and nothing here loads it again.
 */
import { mkdirSync, realpathSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { RunConfig, Runtime } from "../../../core/index.js";
import { ADAPTER_FOLDER_MAX_BYTES, adapterShare, homeFolders, sharedPaths } from "../common/adapter-files.js";
import { packageRoot } from "../common/package-root.js";
import { createDockerRuntime } from "./docker-runtime.js";
import type { DockerEngine } from "./docker-engine.js";

export { packageRoot };
import { localImageTag } from "./images/image-specs.js";

/**
 * The images a run's nodes run in, by the names `fencecheck images build`
 * gives them: the lock service's for lock nodes, the storage kind's for
 * storage nodes (clients run in node's). The run says which (from its lock
 * service's record and its storage kind): the runtime knows no lock service.
 */
export interface RunImages {
  readonly lock: string;
  readonly storage: string;
}

/** What the docker runtime of a run needs besides its config. */
export interface DockerRunOptions {
  readonly images: RunImages;
  /** The files the run's adapter module declares (its `files`, from the adapter `resolveRun` loaded): what is mounted of its folder; the whole folder when undefined. */
  readonly adapterFiles: readonly string[] | undefined;
  readonly engine?: DockerEngine;
}

/**
 * Creates the docker runtime for `config`, its nodes in `opts.images`
 * (creates the store directory). A user's adapter module is mounted
 * read-only with the files it declares, or its whole folder
 * (common/adapter-files.ts).
 */
export async function dockerRuntimeForRun(config: RunConfig, opts: DockerRunOptions): Promise<Runtime> {
  mkdirSync(config.storeDir, { recursive: true });
  const module = config.lock.adapter;
  const adapterDir = isAbsolute(module)
    ? sharedPaths(adapterShare(module, opts.adapterFiles, { homes: homeFolders(), maxBytes: ADAPTER_FOLDER_MAX_BYTES, skip: config.storeDir }))
    : [];
  return createDockerRuntime({
    ...(opts.engine ? { engine: opts.engine } : {}),
    images: { lock: localImageTag(opts.images.lock), storage: localImageTag(opts.images.storage), client: localImageTag("node") },
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
