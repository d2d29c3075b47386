/**
 * Where the compiled programs of this package live. The harness starts them
 * as `node <path> ...args` inside node namespaces.
 *
 * `npm run build` also bundles every program (scripts/bundle-check.mjs) into
 * `dist/bundle/programs/<name>.js`, beside the chunks they share: a program
 * then starts by loading a handful of files instead of resolving and
 * compiling some forty modules one by one (about 35 ms of CPU less per
 * process, and a run starts eight of them before its first op). The bundle
 * is used when it was built from the modules in dist (not older than the
 * program's module: tsc rewrites them all), the module otherwise.
 */
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HarnessError } from "../core/index.js";

/** The programs workloads/ ships. */
export type EntrypointName = "reference-lock" | "storage" | "agent" | "lock-probe" | "relay" | "pg-storage" | "quorum-lock" | "s3-storage" | "lockfile-dir";

/** Each program's compiled module, relative to the package root (what the bundle is made of). */
export const PROGRAM_MODULES: Readonly<Record<EntrypointName, string>> = {
  "reference-lock": "dist/workloads/services/reference-lock/server.js",
  storage: "dist/workloads/services/storage/server.js",
  agent: "dist/workloads/agent/agent.js",
  "lock-probe": "dist/workloads/services/lock-probe/main.js",
  relay: "dist/workloads/services/relay/main.js",
  "pg-storage": "dist/workloads/services/pg-storage/main.js",
  "quorum-lock": "dist/workloads/services/quorum-lock/server.js",
  "s3-storage": "dist/workloads/services/s3-storage/main.js",
  "lockfile-dir": "dist/workloads/services/lockfile-dir/main.js",
};

/** The folder, relative to the package root, of the programs' bundle: `<name>.js` per program. */
export const PROGRAM_BUNDLE_DIR = "dist/bundle/programs";

/**
 * The absolute path of a program's compiled JS under `<package root>/dist`,
 * found from this module's location (works from source and from dist): its
 * bundle when fresh, else its module. Throws `prerequisite.missing` when the
 * module has not been built.
 */
export function entrypointPath(name: EntrypointName): string {
  return programPathIn(packageRoot(), name);
}

/**
 * The path a lock service's launch names for program `name`: the path
 * `entrypointPath` finds when the package is built, its module's when it
 * is not. Describing a launch (`service.start`) needs no build, so a check
 * made before a run (what a service needs on the hosts, whether it runs
 * as an image) works on a fresh clone; the run itself refuses an unbuilt
 * package, with `entrypointPath("agent")`, before it starts any node.
 */
export function launchProgramPath(name: EntrypointName): string {
  return launchProgramPathIn(packageRoot(), name);
}

/** `launchProgramPath` under the package root `root`. */
export function launchProgramPathIn(root: string, name: EntrypointName): string {
  const module = join(root, PROGRAM_MODULES[name]);
  const moduleStat = statSync(module, { throwIfNoEntry: false });
  if (moduleStat === undefined) return module;
  const bundle = join(root, PROGRAM_BUNDLE_DIR, `${name}.js`);
  const bundleStat = statSync(bundle, { throwIfNoEntry: false });
  return bundleStat !== undefined && bundleStat.mtimeMs >= moduleStat.mtimeMs ? bundle : module;
}

/** `entrypointPath` under the package root `root`. */
export function programPathIn(root: string, name: EntrypointName): string {
  const module = join(root, PROGRAM_MODULES[name]);
  if (!existsSync(module)) {
    throw new HarnessError("prerequisite.missing", `Cannot find the "${name}" program: "${module}" does not exist (run npm run build)`);
  }
  return launchProgramPathIn(root, name);
}

function packageRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) {
      throw new HarnessError("internal", `Cannot find the package root: no package.json above "${start}"`);
    }
  }
}
