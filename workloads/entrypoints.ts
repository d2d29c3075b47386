/**
 * Where the compiled programs of this package live. The harness starts them
 * as `node <path> ...args` inside node namespaces.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HarnessError } from "../core/index.js";

/** The programs workloads/ ships. */
export type EntrypointName = "reference-lock" | "storage" | "agent" | "lock-probe" | "relay" | "pg-storage" | "quorum-lock" | "s3-storage" | "lockfile-dir";

const ENTRYPOINTS: Readonly<Record<EntrypointName, string>> = {
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

/**
 * The absolute path of a program's compiled JS under `<package root>/dist`,
 * found from this module's location (works from source and from dist).
 * Throws `prerequisite.missing` when the file has not been built.
 */
export function entrypointPath(name: EntrypointName): string {
  const path = join(packageRoot(), ENTRYPOINTS[name]);
  if (!existsSync(path)) {
    throw new HarnessError("prerequisite.missing", `Cannot find the "${name}" program: "${path}" does not exist (run npm run build)`);
  }
  return path;
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
