/**
 * The docker runtime as a run needs it: the images the run names, and the
 * package root, the store and a user's adapter module mounted at their
 * host paths so the harness's argv work unchanged inside containers.
 */
import { mkdirSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import type { RunConfig, Runtime } from "../../../core/index.js";
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

/** Creates the docker runtime for `config`, its nodes in `opts.images` (creates the store directory so it can be mounted). */
export function dockerRuntimeForRun(config: RunConfig, opts: { readonly images: RunImages; readonly engine?: DockerEngine }): Runtime {
  mkdirSync(config.storeDir, { recursive: true });
  const adapterDir = isAbsolute(config.lock.adapter) ? [dirname(config.lock.adapter)] : [];
  return createDockerRuntime({
    ...(opts.engine ? { engine: opts.engine } : {}),
    images: { lock: localImageTag(opts.images.lock), storage: localImageTag(opts.images.storage), client: localImageTag("node") },
    mounts: { readOnly: [packageRoot(), ...linkedModules(packageRoot()), ...adapterDir], readWrite: [config.storeDir] },
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
