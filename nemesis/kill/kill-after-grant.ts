/**
 * `kill-after-grant`: right after an acquire returns ok, SIGKILL the lock
 * node that granted it (nemesis/leader/grant-aim.ts says which), keep it
 * down for `durationMs` (default 2000), restart it on its data directory.
 * At most one such kill per nemesis interval, the first one interval into
 * the run: the schedule is `faultCycle`'s aimed form, the one
 * `partition-holder` uses, so the interpreter hands the ok to the schedule
 * and dispatches the kill before it asks for the next op.
 */
import type { RunConfig } from "../../core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
import { grantAim, grantAimOption, isGrant } from "../leader/grant-aim.js";
import { faultCycle } from "../schedule/fault-cycle.js";
import { numberOption } from "../schedule/fault-options.js";
import { killNemesis } from "./kill-nemesis.js";

const DEFAULT_DOWN_MS = 2000;

/** The kill-after-grant package over the kill kind's nemesis and shading. */
export function killAfterGrantPackage(base: Pick<FaultPackageSpec, "shading">): FaultPackageSpec {
  return {
    name: "kill-after-grant",
    aims: ["grant-before-crash"],
    description:
      "right after an acquire returns ok, SIGKILL the lock node that granted it (the leader as last seen when the adapter can tell, else the node the client asked; target=asked: always that one), keep it down for durationMs (default 2000), restart it on its data; one per interval",
    needs: ["kill"],
    kind: "kill",
    nemesis: killNemesis,
    shading: base.shading,
    prefersLeader: true,
    generator: killAfterGrantGenerator,
  };
}

/** The schedule of `kill-after-grant`: a kill after the first grant at least an interval after the last restart. */
export function killAfterGrantGenerator(config: RunConfig, startNs: number) {
  const scope = { package: "kill-after-grant", kind: "kill" };
  const aim = grantAimOption(config, scope);
  return faultCycle({
    package: scope.package,
    start: "kill",
    stop: "restart",
    intervalMs: config.nemesis.intervalMs, startNs,
    durationMs: numberOption(config, scope, "durationMs", DEFAULT_DOWN_MS),
    seed: config.seed,
    trigger: isGrant,
    // A kill aimed at the leader names its node only once it struck (in its completion), so the
    // crash period opened by the invoke closes on the restart of whichever node it was.
    plan: (_step, _rng, trigger) => {
      const value = grantAim(config, trigger as NonNullable<typeof trigger>, aim);
      return { ...value, nodes: aim === "asked" ? [value.asked] : [] };
    },
    stopValue: (started) => ({ nodes: started["nodes"] ?? [] }),
  });
}
