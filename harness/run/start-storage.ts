/**
 * Starts one storage node for the run's storage kind: our storage service
 * (fenced, unfenced, cas, file), or PostgreSQL plus our proxy that speaks
 * the storage protocol and logs the database's answers (postgres-*), or an
 * S3 server behind a pass-through that journals its answers (s3, s3-conditional).
 */
import { join } from "node:path";
import type { ClusterNode, ClusterProcesses, RunConfig } from "../../core/index.js";
import { entrypointPath, findStorageKind, postgresLaunch } from "../../workloads/index.js";
import type { RunStore } from "../store/index.js";
import { RUN_FILES } from "../store/index.js";
import { withoutUnusedCaCerts } from "./unused-ca-certs.js";

const STORAGE_PORT = 7002;
const POSTGRES_PORT = 5432;

/** Starts the node's storage, ready before this resolves. */
export async function startStorageNode(
  cluster: ClusterProcesses,
  config: RunConfig,
  node: ClusterNode,
  opts: { readonly store: RunStore; readonly originNs: bigint },
): Promise<void> {
  const dir = opts.store.nodeDir(node.id);
  const common = { host: node.host, port: STORAGE_PORT, node: node.id, log: join(opts.store.dir, RUN_FILES.storage), "origin-ns": opts.originNs };
  const { backend } = findStorageKind(config.storage.kind);
  if (backend.kind === "postgres") {
    const launch = postgresLaunch({ host: node.host, port: POSTGRES_PORT, dataDir: join(dir, "data") });
    await cluster.startProcess(node.id, {
      argv: launch.argv, logFile: join(dir, "postgres.log"), readyPort: POSTGRES_PORT, readyTimeoutMs: launch.readyTimeoutMs ?? 20_000,
    });
    await cluster.startProcess(node.id, {
      argv: [process.execPath, entrypointPath("pg-storage"), ...flags({ ...common, mode: backend.mode, pg: `${node.host}:${POSTGRES_PORT}` })],
      logFile: join(dir, "service.log"), readyPort: STORAGE_PORT,
    });
    return;
  }
  const program = backend.kind === "s3" ? entrypointPath("s3-storage") : entrypointPath("storage");
  await cluster.startProcess(node.id, {
    argv: [process.execPath, program, ...flags({ ...common, mode: backend.mode, "data-dir": join(dir, "data"), ...(config.volatileServices ? { fsync: "never" } : {}) })],
    logFile: join(dir, "service.log"),
    readyPort: STORAGE_PORT,
    env: withoutUnusedCaCerts(),
  });
}

function flags(values: Readonly<Record<string, string | number | bigint>>): string[] {
  return Object.entries(values).flatMap(([k, v]) => [`--${k}`, String(v)]);
}
