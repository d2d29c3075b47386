/**
 * Writes the files a lock service's launch needs (ZooKeeper's zoo.cfg and
 * myid) on the host that runs the node, through the cluster's `exec`: on
 * the ssh runtime that is the node's own host, with the store's paths in
 * the file's path and text mapped to the host's; locally and in Docker the
 * node sees the harness host's store. Nothing is written on this machine
 * for a node that runs elsewhere.
 */
import { isAbsolute, relative } from "node:path";
import { HarnessError, type ClusterProcesses, type NodeId } from "../../../core/index.js";
import type { LaunchFile } from "../../../workloads/index.js";

/** How long writing one node's files may take (an exec over SSH on a loaded host). */
const WRITE_TIMEOUT_MS = 30_000;

/**
 * Writes each file's path and text, in pairs of arguments, creating its
 * folder; stops at the first failure. Each file and its folder are then
 * synced (a whole-system `sync` where `sync FILE` is not understood), as a
 * deployed service's config is durable long before it runs: a power loss
 * (`lose-unfsynced`) dropped an unsynced zoo.cfg, and the node could never
 * power on again ("zoo.cfg file is missing").
 */
export const WRITE_FILES_SCRIPT =
  'while [ "$#" -gt 1 ]; do mkdir -p "$(dirname "$1")" && printf %s "$2" > "$1" || exit 1; ' +
  '{ sync "$1" "$(dirname "$1")" 2>/dev/null || sync; }; shift 2; done';

/** The argv that writes `files` inside a node (pure). */
export function writeFilesArgv(files: readonly LaunchFile[]): string[] {
  return ["/bin/sh", "-c", WRITE_FILES_SCRIPT, "sh", ...files.flatMap((f) => [f.path, f.text])];
}

/**
 * Refuses a file outside the node's data dir ("config.invalid", naming the
 * service and the file): a launch may not write anywhere else on a host. Pure.
 */
export function checkLaunchFiles(service: string, dataDir: string, files: readonly LaunchFile[]): void {
  for (const file of files) {
    const inside = relative(dataDir, file.path);
    if (!isAbsolute(file.path) || inside === "" || inside.startsWith("..") || isAbsolute(inside)) {
      throw new HarnessError("config.invalid", `Cannot start lock service "${service}": its launch file "${file.path}" is not inside the node's data dir "${dataDir}"`);
    }
  }
}

/**
 * Writes `files` on `node`'s host before its service starts; throws
 * "runtime.node-start-failed" naming the node and the first file when the
 * write fails there. Does nothing for no files.
 */
export async function writeLaunchFiles(cluster: Pick<ClusterProcesses, "exec">, node: NodeId, files: readonly LaunchFile[]): Promise<void> {
  if (files.length === 0) return;
  const result = await cluster.exec(node, writeFilesArgv(files), { timeoutMs: WRITE_TIMEOUT_MS });
  if (result.exitCode !== 0) {
    const why = result.stderr.trim().split("\n").at(-1) || `exit code ${result.exitCode}`;
    throw new HarnessError("runtime.node-start-failed", `Cannot start node "${node}": writing "${files[0]?.path}" on its host failed: ${why}`);
  }
}
