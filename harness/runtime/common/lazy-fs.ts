/**
 * Lazy disks: node data directories on fencecheck-lazyfs (native/lazyfs), a
 * FUSE file system served by the harness host that keeps writes in its own
 * cache until fsync. One server per directory; the harness drives it over
 * its stdin (`clear-cache`) and it unmounts itself when stdin closes, so a
 * harness that dies leaves no mount behind. The server only touches the
 * backing directory `<dir>-durable`, never its own mount.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { HarnessError, type Clock, type ClusterDisks, type NodeId, type UnsyncedLoss } from "../../../core/index.js";
import { lazyFsName } from "./lazy-fs-clean.js";
import { forgetLazyMounts, recordLazyMounts } from "./lazy-mount-record.js";
import { createLineSplitter } from "./line-splitter.js";
import { packageRoot } from "./package-root.js";
import { runCommand } from "./run-command.js";

/** The lazy file system's program, built by native/lazyfs/build.sh (scripts/setup.sh runs it). */
export function lazyFsProgram(): string {
  return join(packageRoot(), "native", "lazyfs", "build", "fencecheck-lazyfs");
}

/** The directory that holds what is durable of a lazy data directory. */
export function durableDir(dir: string): string {
  return `${dir}-durable`;
}

/**
 * Throws "nemesis.unsupported-fault" (one line, before anything starts)
 * when this host cannot serve lazy disks: no /dev/fuse, or the program is
 * not built.
 */
export function checkLazyFs(): void {
  try {
    accessSync("/dev/fuse", constants.R_OK | constants.W_OK);
  } catch {
    throw new HarnessError("nemesis.unsupported-fault", `Cannot run nemesis "lose-unfsynced": this host has no usable /dev/fuse (FUSE is needed to keep unsynced writes)`);
  }
  if (!existsSync(lazyFsProgram())) {
    throw new HarnessError("nemesis.unsupported-fault", `Cannot run nemesis "lose-unfsynced": ${lazyFsProgram()} is not built (run native/lazyfs/build.sh; it needs libfuse3-dev)`);
  }
}

/** The lazy disks of one cluster: `loseUnsynced`, and `unmountAll` once its processes are dead. */
export interface LazyDisks extends ClusterDisks {
  /** Unmounts every lazy disk (what was unsynced is dropped, as at a power loss). Idempotent. */
  unmountAll(): Promise<void>;
}

interface Mount {
  readonly dir: string;
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[];
  readonly waiters: Array<() => void>;
  readonly exited: Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;
const ANSWER_TIMEOUT_MS = 10_000;
const EXIT_TIMEOUT_MS = 5_000;

/**
 * Mounts a lazy disk on each node's directory (node id → absolute path),
 * each named for the run (`lazyFsName(runId)`: what `fencecheck clean`
 * looks for) and ready before this resolves; when one fails, those mounted
 * are unmounted and this rejects with "runtime.node-start-failed".
 */
export async function mountLazyDisks(dirs: Readonly<Record<string, string>>, clock: Clock, runId: string): Promise<LazyDisks> {
  const mounts = new Map<string, Mount>();
  const unmountAll = async (): Promise<void> => {
    const all = [...mounts.values()];
    mounts.clear();
    await Promise.all(all.map((m) => unmount(m, clock)));
    forgetLazyMounts(runId);
  };
  // Before any mount: what `fencecheck clean` may unmount is only what the tool itself recorded.
  // Recorded as the kernel will list them: made first, with every symlink on the way resolved.
  recordLazyMounts(runId, Object.values(dirs).map((dir) => {
    mkdirSync(dir, { recursive: true });
    return realpathSync(dir);
  }));
  try {
    for (const [node, dir] of Object.entries(dirs)) mounts.set(node, await mountOne(dir, clock, lazyFsName(runId)));
  } catch (error) {
    await unmountAll();
    throw error;
  }
  return {
    unmountAll,
    async loseUnsynced(node: NodeId): Promise<UnsyncedLoss> {
      const mount = mounts.get(node);
      if (!mount) throw new HarnessError("nemesis.unsupported-fault", `Cannot drop unsynced writes of node "${node}": its data directory is not on a lazy file system`);
      await waitUntilUnused(mount.dir, clock, `Cannot drop unsynced writes of node "${node}"`);
      mount.child.stdin.write("clear-cache\n");
      const line = await nextLine(mount, clock, `Cannot drop unsynced writes of node "${node}"`);
      return parseLoss(line, node);
    },
  };
}

async function mountOne(dir: string, clock: Clock, name: string): Promise<Mount> {
  const backing = durableDir(dir);
  mkdirSync(dir, { recursive: true });
  mkdirSync(backing, { recursive: true });
  const child = spawn(lazyFsProgram(), [backing, dir, name], { stdio: ["pipe", "pipe", "pipe"] });
  const mount: Mount = {
    dir, child, lines: [], waiters: [],
    exited: new Promise((resolve) => child.once("close", () => resolve())),
  };
  const stderr: string[] = [];
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
  child.stdin.on("error", () => undefined);
  child.on("error", (error) => stderr.push(error.message));
  const split = createLineSplitter((line) => {
    mount.lines.push(line);
    for (const wake of mount.waiters.splice(0)) wake();
  });
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => split.push(chunk));
  child.once("close", () => { for (const wake of mount.waiters.splice(0)) wake(); });
  try {
    const ready = await nextLine(mount, clock, `Cannot mount a lazy file system on "${dir}"`);
    if (ready !== "ready") throw new Error(ready);
  } catch (error) {
    await unmount(mount, clock);
    const why = stderr.join("").trim().split("\n")[0] || (error instanceof Error ? error.message : String(error));
    throw new HarnessError("runtime.node-start-failed", `Cannot mount a lazy file system on "${dir}": ${why}`);
  }
  return mount;
}

/** The server's next stdout line; rejects with "nemesis.fault-not-applied" when it exits or stays silent. */
async function nextLine(mount: Mount, clock: Clock, context: string): Promise<string> {
  const deadline = clock.nowNs() + ANSWER_TIMEOUT_MS * 1e6;
  for (;;) {
    const line = mount.lines.shift();
    if (line !== undefined) return line;
    if (mount.child.exitCode !== null || mount.child.signalCode !== null) {
      throw new HarnessError("nemesis.fault-not-applied", `${context}: the lazy file system has exited`);
    }
    const left = Math.max(0, (deadline - clock.nowNs()) / 1e6);
    if (left === 0) throw new HarnessError("nemesis.fault-not-applied", `${context}: the lazy file system did not answer in ${ANSWER_TIMEOUT_MS} ms`);
    const woken = new AbortController();
    await Promise.race([new Promise<void>((resolve) => mount.waiters.push(resolve)), clock.sleep(Math.min(left, READY_TIMEOUT_MS), woken.signal)]);
    woken.abort();
  }
}

const UNUSED_TIMEOUT_MS = 20_000;

/**
 * Waits until no process has a file or its working directory under `dir`:
 * the children of a killed service (PostgreSQL's backends) may outlive it
 * for a while, and one that wrote after the drop would break the power
 * loss. Rejects with "nemesis.fault-not-applied" past UNUSED_TIMEOUT_MS.
 */
async function waitUntilUnused(dir: string, clock: Clock, context: string): Promise<void> {
  const deadline = clock.nowNs() + UNUSED_TIMEOUT_MS * 1e6;
  for (;;) {
    const users = processesUsing(dir);
    if (users.length === 0) return;
    if (clock.nowNs() > deadline) {
      throw new HarnessError("nemesis.fault-not-applied", `${context}: processes ${users.join(", ")} still use ${dir} ${UNUSED_TIMEOUT_MS} ms after the kill`);
    }
    await clock.sleep(50);
  }
}

/** The pids whose working directory or open files lie under `dir` (containers' too: the store has the same path inside them). */
function processesUsing(dir: string): number[] {
  const inside = (path: string): boolean => path === dir || path.startsWith(`${dir}/`);
  const link = (path: string): string => {
    try {
      return readlinkSync(path);
    } catch {
      return "";
    }
  };
  const pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  return pids.filter((pid) => {
    if (inside(link(`/proc/${pid}/cwd`))) return true;
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      return false;
    }
    return fds.some((fd) => inside(link(`/proc/${pid}/fd/${fd}`)));
  }).map(Number);
}

/** Once nothing uses it (at most UNUSED_TIMEOUT_MS), closes the server's stdin (it unmounts and exits); past a grace, SIGKILL and a lazy unmount. */
async function unmount(mount: Mount, clock: Clock): Promise<void> {
  // Children of a stopped service may still be finishing their I/O on it.
  await waitUntilUnused(mount.dir, clock, "").catch(() => undefined);
  mount.child.stdin.end();
  const grace = new AbortController();
  const ended = await Promise.race([mount.exited.then(() => true), clock.sleep(EXIT_TIMEOUT_MS, grace.signal).then(() => false)]);
  grace.abort();
  if (ended) return;
  mount.child.kill("SIGKILL");
  await mount.exited;
  await runCommand(["umount", "-l", mount.dir], { clock, timeoutMs: 5_000 }).catch(() => undefined);
}

/** Reads "cleared files=F pages=P bytes=B writes=W oldest_ms=M removed=R". */
export function parseLoss(line: string, node: string): UnsyncedLoss {
  const fields = new Map([...line.matchAll(/(\w+)=(-?\d+)/g)].map((m) => [m[1] as string, Number(m[2])]));
  const read = (key: string): number => {
    const value = fields.get(key);
    if (!line.startsWith("cleared ") || value === undefined) {
      throw new HarnessError("nemesis.fault-not-applied", `Cannot drop unsynced writes of node "${node}": the lazy file system answered "${line}"`);
    }
    return value;
  };
  return { files: read("files"), bytes: read("bytes"), writes: read("writes"), oldestMs: read("oldest_ms"), removedFiles: read("removed") };
}
