/**
 * The check a run makes before anything starts when its lock service runs
 * as an image (`service.start` returns `image`): only a runtime that runs
 * images may have it, the image must be on its engine, and clock faults
 * aimed at lock nodes need a program libfaketime can reach (glibc,
 * dynamically linked), else the run is refused with one line.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HarnessError, messageOf, runNodes, type RunConfig, type Runtime } from "../../../core/index.js";
import type { NemesisPlan } from "../../../nemesis/index.js";
import type { LockAdapter, LockService, LockServiceLaunch, LockServiceNode } from "../../../workloads/index.js";

/**
 * What `service.start` returns for the first lock node, asked before the
 * run with a stand-in address (the run's real one is not known yet) and a
 * scratch data directory, removed afterwards (a start may write config
 * files there), or undefined when the run starts no lock service. A start
 * that throws (a program that is not built, say) is "adapter.invalid",
 * one line naming the service and its error.
 */
export function previewLaunch(config: RunConfig, adapter: LockAdapter): LockServiceLaunch | undefined {
  const service = adapter.service;
  if (!service || config.lock.endpoints?.length) return undefined;
  const scratch = mkdtempSync(join(tmpdir(), "fencecheck-preview-"));
  try {
    const ids = runNodes(config).filter((n) => n.role === "lock").map((n) => n.id as string);
    const nodes = ids.map((id) => ({ id, host: "127.0.0.1", port: 7001, dataDir: join(scratch, id) }));
    nodes.forEach((node) => mkdirSync(node.dataDir));
    const first = nodes[0];
    return first === undefined ? undefined : startOf(adapter.name, service, { node: first, nodes, ttlMs: config.workload.ttlMs });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `service.start` of one node; what it throws becomes one line naming the service. */
function startOf(name: string, service: LockService, at: { node: LockServiceNode; nodes: LockServiceNode[]; ttlMs: number }): LockServiceLaunch {
  try {
    return service.start(at.node, at.nodes, { ttlMs: at.ttlMs });
  } catch (error) {
    if (error instanceof HarnessError) throw error;
    throw new HarnessError("adapter.invalid", `Cannot start lock service "${name}": its service.start threw: ${messageOf(error)}`, { cause: error });
  }
}

/**
 * Refuses, before the runtime's prerequisites are checked, a lock service
 * image on a runtime that does not run images, and a malformed `image`;
 * returns the launch to check with `checkLockImage` once they are.
 * `launch` is the first lock node's (`previewLaunch`), when the caller has it.
 */
export function refuseImageRuntime(config: RunConfig, runtime: Runtime, adapter: LockAdapter, launch = previewLaunch(config, adapter)): LockServiceLaunch | undefined {
  if (launch?.image === undefined) return undefined;
  if (typeof launch.image !== "string" || launch.image === "") {
    throw new HarnessError("adapter.invalid", `Cannot use lock adapter "${adapter.name}": its "service.start" returned an "image" that is not a non-empty string`);
  }
  if (!runtime.checkImage) {
    throw new HarnessError("config.invalid", `Cannot run lock service "${adapter.name}" as image "${launch.image}": runtime "${runtime.kind}" does not run images (use --runtime docker)`);
  }
  return launch;
}

/** Asks the runtime to check the image of `launch` (on its engine; libfaketime's reach when clock faults aim at lock nodes and the runtime does not inject clocks). */
export async function checkLockImage(config: RunConfig, nemesis: NemesisPlan, runtime: Runtime, adapter: LockAdapter, launch: LockServiceLaunch | undefined): Promise<void> {
  if (launch?.image === undefined || !runtime.checkImage) return;
  const lockNodes = new Set(runNodes(config).filter((n) => n.role === "lock").map((n) => n.id as string));
  // Where the runtime injects clocks, the clock injector moves the image's program whatever it is (lock-clock-tool.ts): nothing to judge.
  const clock = !adapter.service?.clock && runtime.injectsClocks !== true && nemesis.clockNodes.some((node) => lockNodes.has(node));
  await runtime.checkImage({ name: launch.image, argv: launch.argv, clock });
}

/** Both checks at once (for callers that have checked the runtime's prerequisites already). */
export async function refuseImage(config: RunConfig, nemesis: NemesisPlan, runtime: Runtime, adapter: LockAdapter): Promise<void> {
  await checkLockImage(config, nemesis, runtime, adapter, refuseImageRuntime(config, runtime, adapter));
}
