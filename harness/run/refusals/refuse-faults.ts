/**
 * The checks a run makes before anything starts: every fault it asks for
 * must be one the runtime can inject, one the lock service's clock can
 * feel, and, when aimed at the leader, one the adapter can aim; and its
 * fault options must make sense for the run's nodes.
 */
import { HarnessError, runNodes, type RunConfig, type Runtime } from "../../../core/index.js";
import type { NemesisPlan } from "../../../nemesis/index.js";
import type { LockAdapter, LockServiceClock } from "../../../workloads/index.js";

/** Throws "nemesis.unsupported-fault" naming the first fault the run cannot have. */
export function refuseFaults(config: RunConfig, nemesis: NemesisPlan, runtime: Runtime, adapter: LockAdapter): void {
  refuseUnsupportedFaults(config, nemesis, runtime);
  refuseUnreachableClocks(config, nemesis, { name: adapter.name, clock: adapter.service?.clock }, runtime.injectsClocks === true);
  refuseLeaderlessFaults(nemesis, adapter);
  nemesis.checkOptions();
}

/** Refuses leader-aimed faults when the adapter cannot tell who leads. */
export function refuseLeaderlessFaults(nemesis: NemesisPlan, adapter: LockAdapter): void {
  const [fault] = nemesis.leaderFaults;
  if (fault === undefined || adapter.leader) return;
  throw new HarnessError("nemesis.unsupported-fault", `Cannot run nemesis "${fault}": lock service "${adapter.name}" cannot tell who leads`);
}

/** The lock service's name and its clock declaration (`service.clock` of its adapter). */
export interface ServiceClock {
  readonly name: string;
  readonly clock: LockServiceClock | undefined;
}

/**
 * Refuses clock faults that may reach lock nodes whose service libfaketime
 * cannot reach or breaks (the adapter says so), unless the clock injector
 * reaches it and the runtime injects clocks (`injects`).
 */
export function refuseUnreachableClocks(config: RunConfig, nemesis: NemesisPlan, service: ServiceClock, injects: boolean): void {
  const unsupported = service.clock;
  if (!unsupported || config.lock.endpoints?.length) return;
  if (unsupported.injectable === true && injects) return;
  const lockNodes = new Set(runNodes(config).filter((n) => n.role === "lock").map((n) => n.id as string));
  if (!nemesis.clockNodes.some((node) => lockNodes.has(node))) return;
  throw new HarnessError(
    "nemesis.unsupported-fault",
    `Cannot run nemesis "clock" on the lock nodes: ${service.name} cannot take clock faults (${unsupported.reason}); skew the others instead with --fault-opt clock.nodes=client,storage`,
  );
}

function refuseUnsupportedFaults(config: RunConfig, nemesis: NemesisPlan, runtime: Runtime): void {
  for (const fault of nemesis.needs) {
    if (!runtime.faults.has(fault)) {
      throw new HarnessError(
        "nemesis.unsupported-fault",
        `Cannot run nemesis "${config.nemesis.faults.join(",")}": runtime "${runtime.kind}" cannot inject "${fault}" faults`,
      );
    }
  }
}
