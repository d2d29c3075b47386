/**
 * Finding and removing the lazy disks (native/lazyfs) a run left mounted.
 * Each run's servers mount under the name `fencecheck-lazyfs-<runId>` (the
 * mount's source in /proc/mounts, also the server's last argument), so
 * `fencecheck clean` finds them without any state file. A server killed
 * with SIGKILL leaves its mount dead ("Transport endpoint is not
 * connected"): a lazy unmount (`umount -l`, else `fusermount3 -uz`)
 * removes it even while a process still holds it open.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createSystemClock, type Clock } from "../../../core/index.js";
import { runCommand } from "./run-command.js";

/** The name every lazy disk of any run starts with. */
export const LAZY_FS_PREFIX = "fencecheck-lazyfs";

/** The mount name of a run's lazy disks. */
export function lazyFsName(runId: string): string {
  return `${LAZY_FS_PREFIX}-${runId}`;
}

/** /proc/mounts escapes space, tab, newline and backslash as octal. */
function unescapeMountField(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/**
 * The mount points of the lazy disks in `procMounts` (the text of
 * /proc/mounts): the run's (`runId`) or every run's. Pure.
 */
export function lazyMountPoints(procMounts: string, runId?: string): string[] {
  const wanted = (source: string): boolean => (runId === undefined ? source.startsWith(`${LAZY_FS_PREFIX}-`) : source === lazyFsName(runId));
  return procMounts.split("\n").flatMap((line) => {
    const [source, point, type] = line.split(" ");
    if (source === undefined || point === undefined || type !== "fuse.lazyfs" || !wanted(source)) return [];
    return [unescapeMountField(point)];
  });
}

/** What `cleanLazyDisks` removed. */
export interface LazyCleanResult {
  /** Mount points unmounted. */
  readonly mounts: string[];
  /** Servers still running that were killed. */
  readonly servers: number;
}

/**
 * SIGKILLs the run's lazy file system servers that still run (every run's
 * without `runId`), then lazily unmounts each of its mounts, deepest first.
 * A mount that cannot be unmounted stays listed in /proc/mounts and is not
 * in the result.
 */
export async function cleanLazyDisks(opts: { readonly runId?: string; readonly clock?: Clock } = {}): Promise<LazyCleanResult> {
  const clock = opts.clock ?? createSystemClock();
  const servers = serverPids(opts.runId);
  for (const pid of servers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  const points = lazyMountPoints(readMounts(), opts.runId).sort((a, b) => b.length - a.length);
  const mounts: string[] = [];
  for (const point of points) {
    const umount = await runCommand(["umount", "-l", point], { clock, timeoutMs: 10_000 }).catch(() => undefined);
    if (umount?.exitCode !== 0) await runCommand(["fusermount3", "-uz", point], { clock, timeoutMs: 10_000 }).catch(() => undefined);
    if (!lazyMountPoints(readMounts(), opts.runId).includes(point)) mounts.push(point);
  }
  return { mounts, servers: servers.length };
}

function readMounts(): string {
  try {
    return readFileSync("/proc/mounts", "utf8");
  } catch {
    return "";
  }
}

/** The pids of lazy file system servers named for the run (or any run): their last argument is the mount's name. */
function serverPids(runId?: string): number[] {
  return readdirSync("/proc").filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter((a) => a !== "");
    } catch {
      return [];
    }
    const name = argv[3];
    const isServer = argv.length === 4 && (argv[0] ?? "").endsWith(`/${LAZY_FS_PREFIX}`);
    const ours = name !== undefined && (runId === undefined ? name.startsWith(`${LAZY_FS_PREFIX}-`) : name === lazyFsName(runId));
    return isServer && ours ? [Number(pid)] : [];
  });
}
