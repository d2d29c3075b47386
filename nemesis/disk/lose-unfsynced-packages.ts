/**
 * The power-loss packages: `lose-unfsynced` (a lock or storage node),
 * `lose-unfsynced-lock`, `lose-unfsynced-storage`, each taking `nodes=`.
 * The chosen node's data directory lives on a lazy file system (only the
 * nodes these packages may choose: `diskNodes`); at the fault the node is
 * killed, its unsynced writes are dropped, and after `durationMs` it starts
 * again on what was durable. Limits: only file data and file creation wait
 * for a sync; renames, unlinks and mkdir are durable at once.
 */
import { runNodes, type FaultShading, type NodeRole, type RunConfig } from "../../core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
import { faultCycle } from "../schedule/fault-cycle.js";
import { nodesOption, numberOption } from "../schedule/fault-options.js";
import { loseUnsyncedNemesis } from "./lose-unfsynced-nemesis.js";

/** Power-loss periods run from the loss to power-on. */
export const POWER_LOSS_SHADING: FaultShading = { start: "power-loss", stop: "power-on", label: "power loss", color: "#9b2226" };

const DEFAULT_DOWN_MS = 1000;

const PACKAGES: ReadonlyArray<readonly [string, readonly NodeRole[], string]> = [
  ["lose-unfsynced", ["lock", "storage"], "a random lock or storage node"],
  ["lose-unfsynced-lock", ["lock"], "a random lock node"],
  ["lose-unfsynced-storage", ["storage"], "a random storage node"],
];

/** The power-loss packages. */
export function loseUnsyncedPackages(): readonly FaultPackageSpec[] {
  return PACKAGES.map(([name, roles, what]) => ({
    name,
    kind: "lose-unfsynced",
    needs: ["lose-unfsynced"],
    nemesis: loseUnsyncedNemesis,
    shading: POWER_LOSS_SHADING,
    description: `Power loss on ${what}: SIGKILL it, drop every write to its data directory that was not fsynced (its data directory is on a FUSE file system that caches writes until fsync), keep it down for durationMs (default ${DEFAULT_DOWN_MS}), restart it on what was durable; renames and unlinks are durable at once (limit); local and docker runtimes`,
    generator: (config, startNs) => powerLossGenerator(config, startNs, name, roles),
    diskNodes: (config) => targets(config, name, roles),
    ...(name === "lose-unfsynced-lock" ? { aims: ["grant-before-crash"] as const } : {}),
  }));
}

/** The service nodes a package may take down. */
function targets(config: RunConfig, name: string, roles: readonly NodeRole[]): string[] {
  const services = new Set(runNodes(config).filter((n) => n.role !== "client").map((n) => n.id as string));
  return nodesOption(config, { package: name, kind: "lose-unfsynced" }, roles).filter((n) => services.has(n));
}

function powerLossGenerator(config: RunConfig, startNs: number, name: string, roles: readonly NodeRole[]) {
  const nodes = targets(config, name, roles);
  return faultCycle({
    package: name,
    start: "power-loss",
    stop: "power-on",
    intervalMs: config.nemesis.intervalMs, startNs,
    durationMs: numberOption(config, { package: name, kind: "lose-unfsynced" }, "durationMs", DEFAULT_DOWN_MS),
    seed: config.seed,
    plan: (_step, rng) => ({ nodes: nodes.length > 0 ? [rng.pick(nodes)] : [] }),
    stopValue: (started) => ({ nodes: started["nodes"] ?? [] }),
  });
}
