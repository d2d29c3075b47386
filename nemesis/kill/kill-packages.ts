/**
 * The kill packages: crash a lock or storage node chosen by the run's seed
 * (SIGKILL), keep it down for a while, then start it again with the same
 * data directory; `kill-after-grant` aims the kill at the node that just granted a lease.
 */
import { runNodes, type FaultShading, type NodeRole, type RunConfig } from "../../core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
import { faultCycle } from "../schedule/fault-cycle.js";
import { nodesOption, numberOption } from "../schedule/fault-options.js";
import { killNemesis } from "./kill-nemesis.js";
import { killAfterGrantPackage } from "./kill-after-grant.js";

/** Crash periods run from kill to restart. */
export const KILL_SHADING: FaultShading = { start: "kill", stop: "restart", label: "crash", color: "#e76f51" };

const DEFAULT_DOWN_MS = 2000;

/** The kill packages. */
export function killPackages(): readonly FaultPackageSpec[] {
  const base = { needs: ["kill"], kind: "kill", nemesis: killNemesis, shading: KILL_SHADING } as const;
  const down = "keep it down for durationMs (default 2000), restart it with the same data directory";
  return [
    { ...base, name: "kill", description: `SIGKILL a random lock or storage node, ${down}`, generator: (c, startNs) => killGenerator(c, startNs, "kill", ["lock", "storage"]) },
    { ...base, name: "kill-lock", aims: ["grant-before-crash"], description: `SIGKILL a random lock node, ${down}`, generator: (c, startNs) => killGenerator(c, startNs, "kill-lock", ["lock"]) },
    { ...base, name: "kill-storage", description: `SIGKILL a random storage node, ${down}`, generator: (c, startNs) => killGenerator(c, startNs, "kill-storage", ["storage"]) },
    killAfterGrantPackage(base),
  ];
}

function killGenerator(config: RunConfig, startNs: number, name: string, roles: readonly NodeRole[]) {
  const scope = { package: name, kind: "kill" };
  const services = new Set(runNodes(config).filter((n) => n.role !== "client").map((n) => n.id as string));
  const nodes = nodesOption(config, scope, roles).filter((n) => services.has(n));
  return faultCycle({
    package: name,
    start: "kill",
    stop: "restart",
    intervalMs: config.nemesis.intervalMs, startNs,
    durationMs: numberOption(config, scope, "durationMs", DEFAULT_DOWN_MS),
    seed: config.seed,
    plan: (_step, rng) => ({ nodes: nodes.length > 0 ? [rng.pick(nodes)] : [] }),
    stopValue: (started) => ({ nodes: started["nodes"] ?? [] }),
  });
}
