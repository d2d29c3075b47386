/**
 * Finds fencecheck's network namespaces, kills what lives in them and
 * deletes them. Shared by `Cluster.stop` and `fencecheck clean`.
 */
import { HarnessError } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { isOwnedNamespace } from "./namespaces.js";
import { runNamespaces } from "./leftover-names.js";
import { namespaceNames, pidsInNamespaces } from "./namespace-files.js";
import { runCommand } from "../common/run-command.js";

/** What a reap removed. */
export interface ReapResult {
  readonly namespaces: string[];
  /** How many processes were found inside and killed. */
  readonly processes: number;
}

const KILL_ROUNDS = 50;
const KILL_ROUND_MS = 20;

/**
 * Lists the namespaces of one run (`fc-<runId>-*`) when `runId` is set,
 * else those of every run, by their exact names (leftover-names.ts), read
 * where `ip netns` keeps them (namespace-files.ts); async and given a clock
 * as when it ran `ip netns list`, so its callers stay as they were.
 */
export async function listOwnedNamespaces(_clock: Clock, runId?: string): Promise<string[]> {
  const names = namespaceNames();
  return runId === undefined ? runNamespaces(names) : names.filter((name) => isOwnedNamespace(name, runId));
}

/** The PIDs of every process whose network namespace is `namespace`, as `ip netns pids` prints them. */
export async function namespacePids(_clock: Clock, namespace: string): Promise<number[]> {
  return pidsInNamespaces([namespace]);
}

/**
 * SIGCONTs then SIGKILLs every process inside the namespaces (again, until
 * none is left or about a second has passed, in case something forked), then
 * deletes the namespaces, which removes their veths and bridges.
 * Rejects with "runtime.command-failed" when a namespace cannot be deleted.
 */
export async function reapNamespaces(clock: Clock, namespaces: readonly string[]): Promise<ReapResult> {
  const killed = new Set<number>();
  for (let round = 0; round < KILL_ROUNDS; round++) {
    const pids = pidsInNamespaces(namespaces);
    if (pids.length === 0) break;
    for (const pid of pids) {
      killed.add(pid);
      signalQuietly(pid, "SIGCONT");
      signalQuietly(pid, "SIGKILL");
    }
    await clock.sleep(KILL_ROUND_MS);
  }
  await deleteNamespaces(clock, namespaces);
  return { namespaces: [...namespaces], processes: killed.size };
}

async function deleteNamespaces(clock: Clock, namespaces: readonly string[]): Promise<void> {
  if (namespaces.length === 0) return;
  const input = namespaces.map((ns) => `netns del ${ns}\n`).join("");
  const result = await runCommand(["ip", "-force", "-batch", "-"], { clock, input });
  const left = namespaceNames().filter((name) => namespaces.includes(name));
  if (left.length > 0) {
    const why = result.stderr.trim().split("\n").at(-1) ?? "";
    throw new HarnessError("runtime.command-failed", `Cannot delete namespaces "${left.join('", "')}": ${why || "still listed"}`);
  }
}

/** Sends a signal, ignoring a process that is already gone. */
export function signalQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}
