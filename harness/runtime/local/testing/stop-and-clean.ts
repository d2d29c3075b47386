/**
 * The teardown of a local integration test: stop the cluster the test
 * started, if it started one, then remove whatever of the run is left
 * (namespaces, cgroups, state), even when the stop threw. Throws what the
 * stop threw, once the run is clean.
 */
import type { Cluster } from "../../../../core/index.js";
import { cleanLocal } from "../clean-local.js";

/** Stops `cluster` (when defined), then cleans run `runId` whatever the stop did. */
export async function stopAndClean(runId: string, cluster: Cluster | undefined): Promise<void> {
  try {
    await cluster?.stop();
  } finally {
    await cleanLocal({ runId });
  }
}
