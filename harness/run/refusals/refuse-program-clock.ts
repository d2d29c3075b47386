/**
 * Refuses clock faults aimed at the lock nodes of a service whose program
 * libfaketime cannot move (a Go, static or musl program), when its adapter
 * declares nothing of its clock (`service.clock`: the built-in services
 * declare theirs) and the runtime does not inject clocks: a runtime that
 * does runs such a program under the clock injector instead
 * (services/lock-clock-tool.ts). Without this refusal such a fault does
 * nothing to the service, and a run that should catch a wall-clock lease
 * comes out valid. The program is judged from its file on this machine;
 * one that is not here (another host's, an image's: the docker runtime
 * checks images itself) is not judged.
 */
import { HarnessError, runNodes, type RunConfig, type Runtime } from "../../../core/index.js";
import type { NemesisPlan } from "../../../nemesis/index.js";
import type { LockAdapter, LockServiceLaunch } from "../../../workloads/index.js";
import { launchReach, lockClockTool } from "../services/lock-clock-tool.js";

/** Throws "nemesis.unsupported-fault" naming the program, why libfaketime cannot move its clock, and that the runtime does not inject clocks. */
export function refuseUnreachableProgram(
  config: RunConfig, nemesis: NemesisPlan, adapter: LockAdapter, launch: LockServiceLaunch | undefined, runtime: Pick<Runtime, "kind" | "injectsClocks">,
): void {
  if (launch === undefined || adapter.service?.clock !== undefined) return;
  if (config.lock.endpoints?.length || config.lock.existing) return;
  const lockNodes = new Set(runNodes(config).filter((n) => n.role === "lock").map((n) => n.id as string));
  if (!nemesis.clockNodes.some((node) => lockNodes.has(node))) return;
  const reach = launchReach(launch);
  if (reach.reach !== "unreached" || lockClockTool({ declared: undefined, reach: reach.reach, injects: runtime.injectsClocks === true }) !== "real") return;
  const build = runtime.kind === "local" ? " (its clock injector needs x86_64 and native/clock-inject/build.sh run)" : "";
  throw new HarnessError(
    "nemesis.unsupported-fault",
    `Cannot run nemesis "clock" on the lock nodes: lock service "${adapter.name}" runs "${reach.program}", ${reach.why}, so libfaketime cannot move its clock, and runtime "${runtime.kind}" does not inject clocks${build}; skew the others instead with --fault-opt clock.nodes=client,storage`,
  );
}
