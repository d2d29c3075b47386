/**
 * The network namespaces `ip netns` names, read where `ip` keeps them
 * (/var/run/netns: one file per namespace), and the processes inside them,
 * found as `ip netns pids` finds them: a process is in a namespace when its
 * /proc/<pid>/ns/net is the same file (device and inode) as the namespace's.
 * Read in this process, without starting `ip` once per namespace (each of
 * which would scan /proc in turn).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Where `ip netns add` mounts each namespace (iproute2's NETNS_RUN_DIR). */
export const NETNS_DIR = "/var/run/netns";

/** The names of the namespaces in `dir`, as `ip netns list` prints them (none when the folder does not exist yet). */
export function namespaceNames(dir = NETNS_DIR): string[] {
  try {
    return readdirSync(dir).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * The PIDs of every process whose network namespace is one of `namespaces`
 * (names in `dir`), in one pass over `proc`. A namespace already gone has
 * no process; a process that ends during the pass is left out.
 */
export function pidsInNamespaces(namespaces: readonly string[], dir = NETNS_DIR, proc = "/proc"): number[] {
  const wanted = new Set(namespaces.flatMap((name) => identity(join(dir, name)) ?? []));
  if (wanted.size === 0) return [];
  const pids: number[] = [];
  for (const entry of readdirSync(proc)) {
    if (!/^\d+$/.test(entry)) continue;
    const id = identity(join(proc, entry, "ns", "net"));
    if (id !== undefined && wanted.has(id)) pids.push(Number(entry));
  }
  return pids;
}

/** A file's device and inode as one key, or undefined when it cannot be read (gone, or not ours to see). */
function identity(path: string): string | undefined {
  try {
    const s = statSync(path, { bigint: true });
    return `${s.dev}:${s.ino}`;
  } catch {
    return undefined;
  }
}
