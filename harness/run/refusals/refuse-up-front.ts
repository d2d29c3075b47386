/**
 * The refusals `fencecheck run` makes before it loads the run's machinery
 * (the runtimes, the reports, the lock service's client library: seconds on
 * a loaded machine), so that a refusal is one line and exit 254 within a
 * second: a clock fault that may reach the lock nodes of a built-in service
 * whose clock cannot be faked, on a machine without the clock injector.
 * `runTest` makes the same check again with the loaded adapter and the
 * runtime, which also covers adapter modules of the user's.
 */
import type { RunConfig } from "../../../core/index.js";
import { resolveNemesis } from "../../../nemesis/index.js";
import { builtInClock } from "../../../workloads/index.js";
import { clockInjectorAvailable } from "../../runtime/common/clock-injector.js";
import { refuseUnreachableClocks } from "./refuse-faults.js";

/** Throws "nemesis.unsupported-fault" (or the nemesis's "config.invalid") when the run must be refused; loads no adapter. `injects`: whether this machine has the clock injector. */
export function refuseUpFront(config: RunConfig, injects = clockInjectorAvailable()): void {
  const clock = builtInClock(config.lock.adapter);
  if (clock === undefined) return;
  // Every runtime injects clocks when this machine has the injector built; whether this one can (a remote engine cannot) is asked again with the runtime (refuseFaults).
  refuseUnreachableClocks(config, resolveNemesis(config), { name: config.lock.adapter, clock }, injects);
}
