/**
 * A process's descendants on this host, read from procfs
 * (`/proc/PID/task/TID/children`, which lists the children each thread
 * forked). A process that exits while it is read is left out; the list is
 * a snapshot, and a child forked after it is not in it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Reads a procfs file; undefined when the process is gone. */
export type ReadProc = (path: string) => string | undefined;

const readProcFile: ReadProc = (path) => {
  try {
    return path.endsWith("/task") ? readdirSync(path).join(" ") : readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};

/** The PIDs `pid` forked, and theirs, depth first; empty for a process that is gone. `read` is for tests. */
export function descendantPids(pid: number, read: ReadProc = readProcFile, root = "/proc"): number[] {
  const found: number[] = [];
  const seen = new Set<number>([pid]);
  const visit = (parent: number): void => {
    const tasks = read(join(root, String(parent), "task"))?.split(" ").filter(Boolean) ?? [];
    for (const tid of tasks) {
      for (const child of (read(join(root, String(parent), "task", tid, "children")) ?? "").split(/\s+/).filter(Boolean).map(Number)) {
        if (!Number.isInteger(child) || seen.has(child)) continue;
        seen.add(child);
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}
