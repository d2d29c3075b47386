/**
 * The `local` runtime: each node is a Linux network namespace with a veth
 * on a bridge in a hub namespace of the run's own, so the host's network is
 * never touched. Needs root, `ip` (iproute2) and iptables.
 */
import { HarnessError, createSystemClock } from "../../../core/index.js";
import type { Clock, Cluster, Fault, NodeSpec, Runtime, StartOptions } from "../../../core/index.js";
import { bringUpNetwork } from "./bring-up-network.js";
import { createLocalCluster } from "./local-cluster.js";
import { listOwnedNamespaces, reapNamespaces } from "./namespace-reaper.js";
import { networkPlan } from "./namespaces.js";
import { checkLocalPrerequisites } from "./prerequisites.js";
import { checkLazyFs, mountLazyDisks, type LazyDisks } from "../common/lazy-fs.js";
import { clockInjector, clockInjectorAvailable } from "../common/clock-injector.js";

/** Options for `createLocalRuntime`. */
export interface LocalRuntimeOptions {
  /**
   * Times readiness, exec timeouts and stop's grace; the system clock by
   * default. It must be a real clock: its `sleep` must really wait.
   */
  readonly clock?: Clock;
  /** How long `stop` waits after SIGTERM before SIGKILL; default 1000 ms. */
  readonly stopGraceMs?: number;
  /** Parent of each run's state directory (skew files); default "/run/fencecheck". */
  readonly stateDir?: string;
}

/** The faults the local runtime can inject (clock skew needs `StartOptions.clock`). */
export const LOCAL_FAULTS: ReadonlySet<Fault> = new Set<Fault>(["pause", "kill", "partition", "clock", "lose-unfsynced"]);

/**
 * Creates the local runtime. `start` refuses a run id whose namespaces
 * still exist (a leftover: `fencecheck clean` removes it), and removes
 * whatever it made when bring-up fails or `opts.signal` aborts.
 */
export function createLocalRuntime(opts: LocalRuntimeOptions = {}): Runtime {
  const clock = opts.clock ?? createSystemClock();
  const injector = clockInjectorAvailable() ? clockInjector() : undefined;
  return {
    kind: "local",
    faults: LOCAL_FAULTS,
    injectsClocks: injector !== undefined,
    async checkPrerequisites(needs) {
      if (needs?.has("lose-unfsynced")) checkLazyFs();
      await checkLocalPrerequisites(clock);
    },
    async start(nodes: readonly NodeSpec[], start: StartOptions): Promise<Cluster> {
      const plan = networkPlan(start.runId, nodes.map((n) => n.id));
      const leftovers = await listOwnedNamespaces(clock, start.runId);
      if (leftovers.length > 0) {
        throw new HarnessError(
          "runtime.unavailable",
          `Cannot start run "${start.runId}": namespaces of an earlier run with this id still exist (run "fencecheck clean")`,
        );
      }
      try {
        throwIfAborted(start.signal, start.runId);
        await bringUpNetwork(plan, clock);
        throwIfAborted(start.signal, start.runId);
      } catch (error) {
        await reapNamespaces(clock, await listOwnedNamespaces(clock, start.runId));
        throw error;
      }
      const stopGraceMs = opts.stopGraceMs ?? 1_000;
      let disks: LazyDisks | undefined;
      try {
        if (start.lazyFs) disks = await mountLazyDisks(start.lazyFs, clock, start.runId);
      } catch (error) {
        await reapNamespaces(clock, await listOwnedNamespaces(clock, start.runId));
        throw error;
      }
      return createLocalCluster({
        ...(disks ? { disks } : {}),
        runId: start.runId, plan, specs: nodes, faults: LOCAL_FAULTS, clock, stopGraceMs,
        ...(start.clock ? { fakeClock: start.clock } : {}), ...(opts.stateDir ? { stateDir: opts.stateDir } : {}),
        ...(start.onFailure ? { onFailure: start.onFailure } : {}), ...(injector ? { injector } : {}),
      });
    },
  };
}

function throwIfAborted(signal: AbortSignal | undefined, runId: string): void {
  if (signal?.aborted) throw new HarnessError("run.aborted", `Cannot start run "${runId}": aborted during bring-up`);
}
