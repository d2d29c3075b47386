/**
 * Whole-node pauses by target: one node, a minority, a majority or all of
 * them (lock nodes by default; `--fault-opt pause-majority.nodes=lock,storage`
 * widens it), frozen through the freezer cgroup (`mode=signal` for SIGSTOP),
 * for `durationMs` (default 2000), every nemesis interval. Which nodes is
 * drawn from the run's seed.
 */
import { HarnessError, type Rng, type RunConfig } from "../../core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
import { faultCycle } from "../schedule/fault-cycle.js";
import { nodesOption, numberOption, scopedOption, type OptionScope } from "../schedule/fault-options.js";
import { pauseNemesis, type PauseValue } from "./pause-nemesis.js";
import { PAUSE_SHADING } from "./pause-shading.js";

/** How many of the nodes a pause takes. */
export type PauseTarget = "one" | "minority" | "majority" | "all";

/**
 * The number of nodes a target names among `n`: one = 1; minority = the
 * largest group that is not a majority, (n - 1) / 2 rounded down; majority =
 * the smallest majority, n / 2 + 1 rounded down; all = n. Pure.
 */
export function targetCount(target: PauseTarget, n: number): number {
  if (n <= 0) return 0;
  switch (target) {
    case "one":
      return 1;
    case "minority":
      return Math.floor((n - 1) / 2);
    case "majority":
      return Math.floor(n / 2) + 1;
    case "all":
      return n;
  }
}

/** `targetCount` distinct nodes drawn from `rng`, in the nodes' own order. Pure. */
export function pickTargets(nodes: readonly string[], target: PauseTarget, rng: Rng): string[] {
  const pool = [...nodes];
  const chosen = new Set<string>();
  for (let i = 0; i < targetCount(target, nodes.length); i++) {
    const index = rng.int(0, pool.length - 1);
    chosen.add(pool.splice(index, 1)[0] as string);
  }
  return nodes.filter((n) => chosen.has(n));
}

/** The targeted pause packages. */
export function targetedPausePackages(): readonly FaultPackageSpec[] {
  const targets: readonly PauseTarget[] = ["one", "minority", "majority", "all"];
  return targets.map((target) => targeted(target));
}

function targeted(target: PauseTarget): FaultPackageSpec {
  const name = `pause-${target}`;
  return {
    name,
    description: `freeze ${target === "one" ? "one lock node" : `${target === "all" ? "all" : `a ${target} of the`} lock nodes`} (freezer cgroup, children included) for a while, then thaw`,
    needs: ["pause"],
    kind: "pause",
    nemesis: pauseNemesis,
    shading: PAUSE_SHADING,
    generator(config, startNs) {
      const scope: OptionScope = { package: name, kind: "pause" };
      const nodes = nodesOption(config, scope, ["lock"]);
      if (targetCount(target, nodes.length) === 0) {
        throw new HarnessError("config.invalid", `Cannot run nemesis "${name}": ${nodes.length} target node(s) have no ${target} (use more lock nodes or --fault-opt ${name}.nodes=...)`);
      }
      const mode = pauseMode(config, scope);
      const durationMs = numberOption(config, scope, "durationMs", 2000);
      return faultCycle({
        package: name, start: "pause", stop: "resume", seed: config.seed, intervalMs: config.nemesis.intervalMs, startNs, durationMs,
        plan: (_step, rng) => ({ nodes: pickTargets(nodes, target, rng), durationMs, mode } satisfies PauseValue),
        stopValue: (started) => ({ nodes: (started as unknown as PauseValue).nodes, mode }),
      });
    },
  };
}

function pauseMode(config: RunConfig, scope: OptionScope): "signal" | "freeze" {
  const raw = scopedOption(config, scope, "mode") ?? "freeze";
  if (raw !== "signal" && raw !== "freeze") {
    throw new HarnessError("config.invalid", `Cannot use fault option "${scope.package}.mode" = "${String(raw)}": it must be "freeze" or "signal"`);
  }
  return raw;
}
