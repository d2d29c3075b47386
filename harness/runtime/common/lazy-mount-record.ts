/**
 * The record of where a run mounts its lazy disks, written by the tool
 * before it mounts them (`<state>/lazy-mounts/<runId>.json`, in the
 * control machine's root-owned state folder) and removed once they are
 * unmounted. `fencecheck clean` unmounts only the paths recorded here:
 * never a path read back from /proc/mounts, which a process that can
 * rename folders under the store could have steered elsewhere.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join, normalize } from "node:path";
import { ownedStateDir } from "./controller-id.js";

/** The form of a run id the runtimes accept (local tests use shorter ones than the CLI's). */
const RECORDED_RUN = /^[a-z0-9]{1,16}$/;

/** One run's recorded lazy disk mount points. */
export interface LazyMountRecord {
  readonly runId: string;
  readonly mounts: readonly string[];
}

/** The record folder in `stateDir` (the control machine's state folder by default), checked and made 0700. */
function recordDir(stateDir?: string): string {
  const dir = join(ownedStateDir(stateDir), "lazy-mounts");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Records the mount points (absolute, normal paths) of run `runId`'s lazy disks, before they are mounted. */
export function recordLazyMounts(runId: string, mounts: readonly string[], stateDir?: string): void {
  if (!RECORDED_RUN.test(runId)) throw new RangeError(`Cannot record the lazy disks of run ${JSON.stringify(runId)}: not a run id`);
  for (const path of mounts) if (!isAbsolute(path) || normalize(path) !== path) throw new RangeError(`Cannot record lazy disk "${path}": not an absolute, normal path`);
  writeFileSync(join(recordDir(stateDir), `${runId}.json`), `${JSON.stringify({ runId, mounts })}\n`, { mode: 0o600 });
}

/** Removes run `runId`'s record (its disks are unmounted). */
export function forgetLazyMounts(runId: string, stateDir?: string): void {
  if (RECORDED_RUN.test(runId)) rmSync(join(recordDir(stateDir), `${runId}.json`), { force: true });
}

/** The records of run `runId`, or of every run; a record not of the form the tool writes is skipped. */
export function lazyMountRecords(runId?: string, stateDir?: string): LazyMountRecord[] {
  const dir = recordDir(stateDir);
  const names = readdirSync(dir).filter((name) => name.endsWith(".json") && RECORDED_RUN.test(name.slice(0, -5)) && (runId === undefined || name === `${runId}.json`));
  return names.flatMap((name) => {
    try {
      const record = JSON.parse(readFileSync(join(dir, name), "utf8")) as Partial<LazyMountRecord>;
      const mounts = Array.isArray(record.mounts) ? record.mounts.filter((m): m is string => typeof m === "string" && isAbsolute(m) && normalize(m) === m) : [];
      return record.runId === name.slice(0, -5) ? [{ runId: record.runId, mounts }] : [];
    } catch {
      return [];
    }
  });
}
