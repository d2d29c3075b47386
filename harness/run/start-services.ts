/**
 * Starts the lock service and storage nodes a run needs, and returns the
 * endpoints its clients connect to.
 */
import { join } from "node:path";
import { HarnessError, type Cluster, type ClusterNode, type RunConfig } from "../core/index.js";
import { entrypointPath } from "../../workloads/index.js";
import type { RunStore } from "../store/index.js";
import { RUN_FILES } from "../store/index.js";

/** Ports our services listen on inside their nodes. */
export const SERVICE_PORTS = { lock: 7001, storage: 7002 } as const;

/** What clients need to reach the services. */
export interface ServiceEndpoints {
  readonly lock: readonly string[];
  readonly storage: readonly string[];
}

/** Starts every lock and storage node's service, each ready before this returns. */
export async function startServices(
  cluster: Cluster,
  config: RunConfig,
  opts: { readonly store: RunStore; readonly originNs: bigint },
): Promise<ServiceEndpoints> {
  const lockNodes = cluster.nodes.filter((n) => n.role === "lock");
  const storageNodes = cluster.nodes.filter((n) => n.role === "storage");
  await Promise.all([
    ...lockNodes.map((node) => startLockNode(cluster, config, node, opts)),
    ...storageNodes.map((node) => startStorageNode(cluster, config, node, opts)),
  ]);
  return {
    lock: config.lock.endpoints?.length ? config.lock.endpoints : lockNodes.map((n) => `${n.host}:${SERVICE_PORTS.lock}`),
    storage: storageNodes.map((n) => `${n.host}:${SERVICE_PORTS.storage}`),
  };
}

async function startLockNode(
  cluster: Cluster,
  config: RunConfig,
  node: ClusterNode,
  opts: { readonly store: RunStore; readonly originNs: bigint },
): Promise<void> {
  if (config.lock.adapter !== "reference") {
    throw new HarnessError(
      "config.invalid",
      `Cannot start lock service "${config.lock.adapter}": the harness starts only "reference" nodes so far (use --endpoints for a running service)`,
    );
  }
  const dir = opts.store.nodeDir(node.id);
  await cluster.startProcess(node.id, {
    argv: [process.execPath, entrypointPath("reference-lock"), ...flags({
      host: node.host, port: SERVICE_PORTS.lock, "data-dir": join(dir, "data"), node: node.id, "origin-ns": opts.originNs,
    })],
    logFile: join(dir, "service.log"),
    readyPort: SERVICE_PORTS.lock,
  });
}

async function startStorageNode(
  cluster: Cluster,
  config: RunConfig,
  node: ClusterNode,
  opts: { readonly store: RunStore; readonly originNs: bigint },
): Promise<void> {
  const dir = opts.store.nodeDir(node.id);
  await cluster.startProcess(node.id, {
    argv: [process.execPath, entrypointPath("storage"), ...flags({
      host: node.host, port: SERVICE_PORTS.storage, mode: config.storage.kind, node: node.id,
      "data-dir": join(dir, "data"), log: join(opts.store.dir, RUN_FILES.storage), "origin-ns": opts.originNs,
    })],
    logFile: join(dir, "service.log"),
    readyPort: SERVICE_PORTS.storage,
  });
}

function flags(values: Readonly<Record<string, string | number | bigint>>): string[] {
  return Object.entries(values).flatMap(([k, v]) => [`--${k}`, String(v)]);
}
