/**
 * The packet-loss and delay packages. Targets are chosen by the run's seed
 * among the nodes of the roles in the `nodes` option.
 */
import { runNodes, type FaultShading, type RunConfig } from "../../core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
import { faultCycle } from "../schedule/fault-cycle.js";
import { nodesOption, numberOption } from "../schedule/fault-options.js";
import { delayNemesis } from "./delay-nemesis.js";
import { lossNemesis } from "./loss-nemesis.js";

/** Loss periods run from start-loss to stop-loss. */
export const LOSS_SHADING: FaultShading = { start: "start-loss", stop: "stop-loss", label: "packet loss", color: "#b5838d" };
/** Delay periods run from start-delay to stop-delay. */
export const DELAY_SHADING: FaultShading = { start: "start-delay", stop: "stop-delay", label: "delay", color: "#a8dadc" };

const DEFAULT_DURATION_MS = 3000;

/** The loss and delay packages. */
export function netPackages(): readonly FaultPackageSpec[] {
  return [
    {
      name: "loss",
      description:
        "a random node drops each packet from the other nodes with loss.probability (default 0.3) for durationMs (default 3000); targets from loss.nodes (default all roles)",
      needs: ["partition"],
      kind: "loss",
      nemesis: () => lossNemesis(),
      shading: LOSS_SHADING,
      generator: lossGenerator,
    },
    {
      name: "delay",
      description:
        "new connections into a random lock or storage node's service go through a proxy adding delay.delayMs (default 200) plus up to delay.jitterMs (default 50) per chunk each way; open connections keep their path",
      needs: ["partition"],
      kind: "delay",
      nemesis: delayNemesis,
      shading: DELAY_SHADING,
      generator: delayGenerator,
    },
  ];
}

function lossGenerator(config: RunConfig, startNs: number) {
  const scope = { package: "loss", kind: "loss" };
  const targets = nodesOption(config, scope, ["lock", "storage", "client"]);
  const all = runNodes(config).map((n) => n.id as string);
  const probability = Math.min(1, numberOption(config, scope, "probability", 0.3));
  return faultCycle({
    package: "loss",
    start: "start-loss",
    stop: "stop-loss",
    intervalMs: config.nemesis.intervalMs, startNs,
    durationMs: numberOption(config, scope, "durationMs", DEFAULT_DURATION_MS),
    seed: config.seed,
    plan(_step, rng) {
      const node = targets.length > 0 ? rng.pick(targets) : undefined;
      return { nodes: node ? [node] : [], from: all.filter((n) => n !== node), probability };
    },
  });
}

function delayGenerator(config: RunConfig, startNs: number) {
  const scope = { package: "delay", kind: "delay" };
  const services = new Set(runNodes(config).filter((n) => n.role !== "client").map((n) => n.id as string));
  const targets = nodesOption(config, scope, ["lock", "storage"]).filter((n) => services.has(n));
  const delayMs = numberOption(config, scope, "delayMs", 200);
  const jitterMs = numberOption(config, scope, "jitterMs", 50);
  return faultCycle({
    package: "delay",
    start: "start-delay",
    stop: "stop-delay",
    intervalMs: config.nemesis.intervalMs, startNs,
    durationMs: numberOption(config, scope, "durationMs", DEFAULT_DURATION_MS),
    seed: config.seed,
    plan(step, rng) {
      const node = targets.length > 0 ? rng.pick(targets) : undefined;
      return { nodes: node ? [node] : [], delayMs, jitterMs, seed: config.seed + step };
    },
  });
}
