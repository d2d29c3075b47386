/**
 * How a lock node's processes get the run's moved clock: the one decision
 * that both the refusal of clock faults (refusals/refuse-program-clock.ts)
 * and the start of the lock service (start-services.ts) read, so that a
 * service is refused exactly when its processes would not be moved.
 *
 * - A service that declares its clock (`service.clock`: the built-in ones
 *   libfaketime cannot fake) runs under the clock injector when it is
 *   `injectable` and the runtime injects clocks, else on the real clock.
 * - A service that declares nothing (a user's adapter) runs under
 *   libfaketime, unless its program is one libfaketime cannot reach (a Go,
 *   static or musl program, judged from its file on this machine): then
 *   under the clock injector where the runtime injects clocks, else on the
 *   real clock. A program not found here is left to libfaketime.
 * - Its image, where the runtime injects clocks, runs under the clock
 *   injector whatever its program: the injector reaches any program, so
 *   nothing in the image needs judging (libfaketime would need glibc's
 *   loader in it, and its library mounted in). Elsewhere the runtime's
 *   image check judges it (docker/image-check.ts) and the image runs under
 *   libfaketime or is refused.
 */
import type { ProcessSpec } from "../../../core/index.js";
import type { LockServiceClock, LockServiceLaunch } from "../../../workloads/index.js";
import { faketimeReach, type FaketimeReach } from "../../runtime/index.js";

/** What moves a lock node's clock: libfaketime (LD_PRELOAD), the clock injector, or nothing (the real clock). */
export type LockClockTool = "libfaketime" | "injector" | "real";

/** What decides it: the adapter's declaration, libfaketime's reach of the program, whether the runtime injects clocks. */
export interface LockClockFacts {
  readonly declared: LockServiceClock | undefined;
  readonly reach: FaketimeReach["reach"];
  /** `Runtime.injectsClocks`. */
  readonly injects: boolean;
  /** The service runs as an image (`LockServiceLaunch.image`). */
  readonly image?: boolean;
}

/** The tool for a lock node's processes. Pure. */
export function lockClockTool(facts: LockClockFacts): LockClockTool {
  if (facts.declared !== undefined) return facts.declared.injectable === true && facts.injects ? "injector" : "real";
  if (facts.image === true && facts.injects) return "injector";
  if (facts.reach === "unreached") return facts.injects ? "injector" : "real";
  return "libfaketime";
}

/** The process spec's fields for `tool` (libfaketime is the default: no field). Pure. */
export function processClock(tool: LockClockTool): Pick<ProcessSpec, "clockTool" | "fakeClock"> {
  if (tool === "injector") return { clockTool: "injector" };
  return tool === "real" ? { fakeClock: false } : {};
}

/**
 * Whether libfaketime reaches the program a launch runs (`argv[0]`, found
 * along the launch's PATH or this process's): "unknown" for an image (the
 * runtime that runs it judges it) or a program not on this machine.
 */
export function launchReach(launch: LockServiceLaunch): FaketimeReach {
  const program = launch.argv[0];
  if (program === undefined || launch.image !== undefined) return { reach: "unknown" };
  return faketimeReach(program, launch.env?.PATH ?? process.env.PATH ?? "");
}
