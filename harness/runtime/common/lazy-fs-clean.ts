/**
 * Finding and removing the lazy disks (native/lazyfs) a run left mounted.
 * Each run's servers mount under the name `fencecheck-lazyfs-<runId>` (the
 * mount's source in /proc/mounts, also the server's last argument), and
 * their mount points are recorded before they are mounted
 * (lazy-mount-record.ts): `fencecheck clean` unmounts only those recorded
 * paths, checked against /proc/mounts, never a path read from it. A server killed
 * with SIGKILL leaves its mount dead ("Transport endpoint is not
 * connected"): a lazy unmount (`umount -l`, else `fusermount3 -uz`)
 * removes it even while a process still holds it open.
 */
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import { dirname } from "node:path";
import { createSystemClock, type Clock } from "../../../core/index.js";
import { runCommand } from "./run-command.js";
import { forgetLazyMounts, lazyMountRecords } from "./lazy-mount-record.js";

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

/** A lazy disk's mount name, of the exact form `lazyFsName` makes: the run id it names. */
const LAZY_NAME = new RegExp(`^${LAZY_FS_PREFIX}-([a-z0-9]{1,16})$`);

/**
 * The lazy disks in `procMounts` (the text of /proc/mounts), each with the
 * run its name gives: the run's (`runId`) or every run's. Pure.
 */
export function lazyMounts(procMounts: string, runId?: string): { readonly runId: string; readonly point: string }[] {
  return procMounts.split("\n").flatMap((line) => {
    const [source, point, type] = line.split(" ");
    const run = LAZY_NAME.exec(source ?? "")?.[1];
    if (run === undefined || point === undefined || type !== "fuse.lazyfs" || (runId !== undefined && run !== runId)) return [];
    return [{ runId: run, point: unescapeMountField(point) }];
  });
}

/** The mount points of the lazy disks in `procMounts`: the run's (`runId`) or every run's. Pure. */
export function lazyMountPoints(procMounts: string, runId?: string): string[] {
  return lazyMounts(procMounts, runId).map((m) => m.point);
}

/** What `cleanLazyDisks` removed, and what it left. */
export interface LazyCleanResult {
  /** Mount points unmounted. */
  readonly mounts: string[];
  /** Servers still running that were killed. */
  readonly servers: number;
  /** Lazy disks left mounted, each with why (a path not recorded, or not what the record says). */
  readonly skipped: string[];
}

/** Options for `cleanLazyDisks`. */
export interface CleanLazyOptions {
  /** Only this run's disks; every recorded run's otherwise. */
  readonly runId?: string;
  readonly clock?: Clock;
  /** The control machine's state folder holding the records (lazy-mount-record.ts). */
  readonly stateDir?: string;
}

/**
 * Why the recorded mount point `point` of run `runId` must not be
 * unmounted, given the text of /proc/mounts: "" when it is no longer
 * mounted there (nothing to do), undefined when it may be. It may be when
 * a lazy disk named for the run is mounted at exactly that path and no
 * folder on the way to it is a symlink (`realParent` resolves its parent
 * folder). Pure.
 */
export function unmountRefusal(point: string, runId: string, procMounts: string, realParent: (path: string) => string | undefined): string | undefined {
  if (!lazyMountPoints(procMounts, runId).includes(point)) return "";
  const parent = dirname(point);
  const real = realParent(parent);
  if (real !== parent) return `${point} (run ${runId}): a folder on its path is a symlink or gone (it resolves to ${JSON.stringify(real ?? "nothing")}), so it may not be the folder the run mounted`;
  return undefined;
}

/**
 * SIGKILLs the run's lazy file system servers that still run (every run's
 * without `runId`), then lazily unmounts each mount point the tool recorded
 * for the run (lazy-mount-record.ts), deepest first, once `unmountRefusal`
 * allows it, and forgets a run's record once none of its points is mounted.
 * A lazy disk mounted where no record says is left and listed in `skipped`,
 * as is one refused; one that cannot be unmounted is in neither list.
 */
export async function cleanLazyDisks(opts: CleanLazyOptions = {}): Promise<LazyCleanResult> {
  const clock = opts.clock ?? createSystemClock();
  const servers = serverPids(opts.runId);
  for (const pid of servers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  const records = lazyMountRecords(opts.runId, opts.stateDir);
  const mounts: string[] = [];
  const skipped: string[] = [];
  for (const record of records) {
    for (const point of [...record.mounts].sort((a, b) => b.length - a.length)) {
      const refusal = unmountRefusal(point, record.runId, readMounts(), realFolder);
      if (refusal === "") continue;
      if (refusal !== undefined) {
        skipped.push(refusal);
        continue;
      }
      // -c: umount resolves no symlink of its own; the path was checked just above.
      const umount = await runCommand(["umount", "-l", "-c", point], { clock, timeoutMs: 10_000 }).catch(() => undefined);
      if (umount?.exitCode !== 0) await runCommand(["fusermount3", "-uz", point], { clock, timeoutMs: 10_000 }).catch(() => undefined);
      if (!lazyMountPoints(readMounts(), record.runId).includes(point)) mounts.push(point);
    }
    if (!record.mounts.some((point) => lazyMountPoints(readMounts(), record.runId).includes(point))) forgetLazyMounts(record.runId, opts.stateDir);
  }
  const recorded = new Set(records.flatMap((r) => r.mounts.map((point) => `${r.runId} ${point}`)));
  for (const { runId, point } of lazyMounts(readMounts(), opts.runId)) {
    if (!recorded.has(`${runId} ${point}`)) skipped.push(`${point} (run ${runId}): this machine recorded no lazy disk there, so it is not taken from /proc/mounts (umount -l it by hand if it is a run's)`);
  }
  return { mounts, servers: servers.length, skipped };
}

/** The real path of a folder, or undefined when it cannot be resolved. */
function realFolder(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
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
    const ours = name !== undefined && (runId === undefined ? LAZY_NAME.test(name) : name === lazyFsName(runId));
    return isServer && ours ? [Number(pid)] : [];
  });
}
