/**
 * The refusals `fencecheck run` makes before it loads the run's machinery
 * (the runtimes, the reports, the lock service's client library: seconds on
 * a loaded machine), so that a refusal is one line and exit 254 within a
 * second: a clock fault that may reach the lock nodes of a built-in service
 * whose clock cannot be faked. `runTest` makes the same check again with the
 * loaded adapter, which also covers adapter modules of the user's.
 */
import type { RunConfig } from "../../../core/index.js";
import { resolveNemesis } from "../../../nemesis/index.js";
import { builtInClock } from "../../../workloads/index.js";
import { refuseUnreachableClocks } from "./refuse-faults.js";

/** The runtimes that may move a process's clock with the clock injector (`Runtime.injectsClocks`). */
const MAY_INJECT_CLOCKS: ReadonlySet<string> = new Set(["local", "docker"]);

/** Throws "nemesis.unsupported-fault" (or the nemesis's "config.invalid") when the run must be refused; loads no adapter. */
export function refuseUpFront(config: RunConfig): void {
  const clock = builtInClock(config.lock.adapter);
  if (clock === undefined) return;
  // These runtimes may inject clocks: whether one can on this machine (and engine) is asked again with the runtime (refuseFaults).
  refuseUnreachableClocks(config, resolveNemesis(config), { name: config.lock.adapter, clock }, MAY_INJECT_CLOCKS.has(config.runtime));
}
