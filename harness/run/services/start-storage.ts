/**
 * Starts one storage node for the run's storage kind: our storage service
 * (fenced, unfenced, cas, file), or PostgreSQL plus our proxy that speaks
 * the storage protocol and logs the database's answers (postgres-*), or an
 * S3 server behind a pass-through that journals its answers (s3, s3-conditional).
 */
import { join } from "node:path";
import { HarnessError, type ClusterNode, type ClusterProcesses, type NodeId, type RunConfig } from "../../../core/index.js";
import { entrypointPath, findStorageKind, postgresBinDir, postgresLaunch } from "../../../workloads/index.js";
import type { ReadinessChecks } from "./restart-readiness.js";
import type { RunStore } from "../../store/index.js";
import { RUN_FILES } from "../../store/index.js";
import { withoutUnusedCaCerts } from "./unused-ca-certs.js";

const STORAGE_PORT = 7002;
const POSTGRES_PORT = 5432;
/**
 * How long a storage service may take to listen. It starts beside the lock
 * nodes (three JVMs for ZooKeeper), and on a busy two-core machine the S3
 * node on a lazy disk missed 10 s twice; a process that exits fails at once.
 */
const STORAGE_READY_TIMEOUT_MS = 30_000;

/** Starts the node's storage, ready before this resolves. */
export async function startStorageNode(
  cluster: ClusterProcesses,
  config: RunConfig,
  node: ClusterNode,
  opts: { readonly store: RunStore; readonly originNs: bigint; readonly readiness?: ReadinessChecks },
): Promise<void> {
  const dir = opts.store.nodeDir(node.id);
  // Its own log in its own folder (the only part of the store a node may write), merged into the run's at collect time.
  const common = { host: node.host, port: STORAGE_PORT, node: node.id, log: join(dir, RUN_FILES.storage), "origin-ns": opts.originNs };
  const { backend } = findStorageKind(config.storage.kind);
  if (backend.kind === "postgres") {
    const launch = postgresLaunch({ host: node.host, port: POSTGRES_PORT, dataDir: join(dir, "data") });
    await cluster.startProcess(node.id, {
      argv: launch.argv, logFile: join(dir, "postgres.log"), readyPort: POSTGRES_PORT, readyTimeoutMs: launch.readyTimeoutMs ?? 20_000,
    });
    await cluster.startProcess(node.id, {
      argv: [process.execPath, entrypointPath("pg-storage"), ...flags({ ...common, mode: backend.mode, pg: `${node.host}:${POSTGRES_PORT}` })],
      logFile: join(dir, "service.log"), readyPort: STORAGE_PORT, readyTimeoutMs: STORAGE_READY_TIMEOUT_MS,
    });
    opts.readiness?.set(node.id, () => postgresAnswers(cluster, node, launch.readyTimeoutMs ?? 20_000));
    return;
  }
  const program = backend.kind === "s3" ? entrypointPath("s3-storage") : entrypointPath("storage");
  await cluster.startProcess(node.id, {
    argv: [process.execPath, program, ...flags({ ...common, mode: backend.mode, "data-dir": join(dir, "data"), ...(config.volatileServices ? { fsync: "never" } : {}) })],
    logFile: join(dir, "service.log"),
    readyPort: STORAGE_PORT,
    readyTimeoutMs: STORAGE_READY_TIMEOUT_MS,
    env: withoutUnusedCaCerts(),
  });
}

function flags(values: Readonly<Record<string, string | number | bigint>>): string[] {
  return Object.entries(values).flatMap(([k, v]) => [`--${k}`, String(v)]);
}

/**
 * Resolves once PostgreSQL on the node accepts sessions (`pg_isready`: after
 * its crash recovery, not only once it listens); rejects after `timeoutMs`.
 */
async function postgresAnswers(cluster: Pick<ClusterProcesses, "exec">, node: ClusterNode, timeoutMs: number): Promise<void> {
  const tries = Math.ceil(timeoutMs / 500);
  const program = `${postgresBinDir()}/pg_isready`;
  // Without pg_isready in the node, the port's readiness is all there is to wait for. Every value is an argument, not script text.
  const poll = 'test -x "$1" || exit 0; for i in $(seq 1 "$2"); do "$1" -q -h "$3" -p "$4" -t 1 && exit 0; sleep 0.5; done; exit 1';
  const argv = ["sh", "-c", poll, "pg-poll", program, String(tries), node.host, String(POSTGRES_PORT)];
  const answered = await cluster.exec(node.id as NodeId, argv, { timeoutMs: timeoutMs + 5_000 });
  if (answered.exitCode !== 0) throw new HarnessError("runtime.node-start-failed", `Cannot restart node "${node.id}": PostgreSQL did not accept sessions within ${timeoutMs} ms`);
}
