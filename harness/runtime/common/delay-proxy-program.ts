/** Where the compiled delay proxy (delay-proxy.ts) is, for runtimes that start it inside a node. */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HarnessError } from "../../../core/index.js";

/** The compiled delay proxy under `<package root>/dist`; throws "prerequisite.missing" when it was not built. */
export function proxyProgram(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  const path = join(dir, "dist/harness/runtime/common/delay-proxy.js");
  if (!existsSync(path)) {
    throw new HarnessError("prerequisite.missing", `Cannot find the delay proxy: "${path}" does not exist (run npm run build)`);
  }
  return path;
}

/**
 * The signal that heals a running delay proxy: it stops listening and
 * delaying, carries the connections it has until they close, then exits.
 */
export const DRAIN_SIGNAL = "SIGUSR2";
