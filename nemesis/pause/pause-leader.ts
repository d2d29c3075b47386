/**
 * `pause-leader`: at each fault, ask who leads the lock service and stop
 * that node (the freezer cgroup by default, `mode=signal` for SIGSTOP) for
 * `durationMs` (default 2000), then let it go on. A run whose adapter cannot
 * tell who leads is refused before it starts.
 */
import { HarnessError, runNodes } from "../../core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
import { faultCycle } from "../schedule/fault-cycle.js";
import { numberOption, scopedOption, type OptionScope } from "../schedule/fault-options.js";
import { pauseNemesis, type PauseValue } from "./pause-nemesis.js";
import { PAUSE_SHADING } from "./pause-shading.js";

/** The pause-leader package. */
export function pauseLeaderPackage(): FaultPackageSpec {
  const name = "pause-leader";
  return {
    name,
    description: "freeze the lock service's current leader (freezer cgroup; mode=signal for SIGSTOP) for a while, then thaw (needs an adapter that can tell who leads)",
    needs: ["pause"],
    kind: "pause",
    nemesis: pauseNemesis,
    shading: PAUSE_SHADING,
    needsLeader: true,
    generator(config, startNs) {
      const scope: OptionScope = { package: name, kind: "pause" };
      if (config.lock.endpoints?.length || !runNodes(config).some((n) => n.role === "lock")) {
        throw new HarnessError("config.invalid", `Cannot run nemesis "${name}": the run starts no lock nodes (it uses --endpoints)`);
      }
      const mode = scopedOption(config, scope, "mode") ?? "freeze";
      if (mode !== "signal" && mode !== "freeze") {
        throw new HarnessError("config.invalid", `Cannot use fault option "${name}.mode" = "${String(mode)}": it must be "freeze" or "signal"`);
      }
      const durationMs = numberOption(config, scope, "durationMs", 2000);
      return faultCycle({
        package: name, start: "pause", stop: "resume", seed: config.seed, intervalMs: config.nemesis.intervalMs, startNs, durationMs,
        plan: () => ({ nodes: [], target: "leader", durationMs, mode } satisfies PauseValue),
        stopValue: (started) => ({ nodes: (started as unknown as PauseValue).nodes, mode }),
      });
    },
  };
}
