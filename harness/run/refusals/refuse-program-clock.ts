/**
 * Refuses clock faults aimed at the lock nodes of a service whose program
 * libfaketime cannot move (a Go, static or musl program), when its adapter
 * declares nothing of its clock (`service.clock`: the built-in services
 * declare theirs). Without this refusal such a fault does nothing to the
 * service, and a run that should catch a wall-clock lease comes out valid.
 * The program is judged from its file on this machine; one that is not
 * here (another host's, an image's: the docker runtime checks images
 * itself) is not judged.
 */
import { HarnessError, runNodes, type RunConfig } from "../../../core/index.js";
import type { NemesisPlan } from "../../../nemesis/index.js";
import { faketimeReach } from "../../runtime/index.js";
import type { LockAdapter, LockServiceLaunch } from "../../../workloads/index.js";

/** Throws "nemesis.unsupported-fault" naming the program and why libfaketime cannot move its clock. */
export function refuseUnreachableProgram(config: RunConfig, nemesis: NemesisPlan, adapter: LockAdapter, launch: LockServiceLaunch | undefined): void {
  const program = launch?.argv[0];
  if (program === undefined || launch?.image !== undefined || adapter.service?.clock !== undefined) return;
  if (config.lock.endpoints?.length || config.lock.existing) return;
  const lockNodes = new Set(runNodes(config).filter((n) => n.role === "lock").map((n) => n.id as string));
  if (!nemesis.clockNodes.some((node) => lockNodes.has(node))) return;
  const reach = faketimeReach(program, launch?.env?.PATH ?? process.env.PATH ?? "");
  if (reach.reach !== "unreached") return;
  throw new HarnessError(
    "nemesis.unsupported-fault",
    `Cannot run nemesis "clock" on the lock nodes: lock service "${adapter.name}" runs "${reach.program}", ${reach.why}, so libfaketime cannot move its clock; skew the others instead with --fault-opt clock.nodes=client,storage`,
  );
}
