/**
 * Creates a run's namespaces, bridge and veths from a `NetworkPlan`.
 */
import type { Clock } from "../../../core/index.js";
import type { NetworkPlan } from "./namespaces.js";
import { runChecked } from "../common/run-command.js";

/**
 * Runs the plan's batches: the namespaces, the bridge and the veth pairs
 * (host), then the hub's bridge ports and each node's address, all at once.
 * N+2 `ip` processes in all, in two steps. On failure it rejects with
 * "runtime.command-failed" and leaves what it made: the caller reaps the
 * run's namespaces by name.
 */
export async function bringUpNetwork(plan: NetworkPlan, clock: Clock): Promise<void> {
  const context = "Cannot bring up the run's network";
  await runChecked(["ip", "-batch", "-"], { clock, context, input: batchInput(plan.hostBatch) });
  await Promise.all([
    runChecked(["ip", "-n", plan.hub, "-batch", "-"], { clock, context, input: batchInput(plan.hubBatch) }),
    ...plan.nodeBatches.map((batch) =>
      runChecked(["ip", "-n", batch.namespace, "-batch", "-"], { clock, context, input: batchInput(batch.lines) }),
    ),
  ]);
}

function batchInput(lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join("");
}
