/** What the benches read of a running process (from /proc) and of the files it writes. */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, statSync } from "node:fs";
import { join } from "node:path";

/** The process's resident set in MB, or undefined once it is gone. */
export function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** The lines of a file, counted in 1 MB chunks (an hour's history is larger than a string may be). */
export function countLines(path: string): number {
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.alloc(1 << 20);
    let n = 0;
    for (let read = readSync(fd, buf); read > 0; read = readSync(fd, buf)) {
      for (let i = buf.indexOf(10); i !== -1 && i < read; i = buf.indexOf(10, i + 1)) n++;
    }
    return n;
  } finally {
    closeSync(fd);
  }
}

/** The history file written last under `store` (the run under way), or undefined. */
export function newestHistory(store: string): string | undefined {
  let newest: { path: string; ms: number } | undefined;
  for (const name of readdirSync(store)) {
    const folder = join(store, name);
    if (!statSync(folder).isDirectory()) continue;
    for (const run of readdirSync(folder)) {
      const path = join(folder, run, "history.jsonl");
      const ms = existsSync(path) ? statSync(path).mtimeMs : -1;
      if (ms >= 0 && (newest === undefined || ms > newest.ms)) newest = { path, ms };
    }
  }
  return newest?.path;
}

/** The client ok completions in a history file so far (a torn last line is not one). */
export function countOks(path: string | undefined): number {
  if (path === undefined) return 0;
  return readFileSync(path, "utf8").split("\n").filter((l) => l.endsWith("}") && l.includes('"type":"ok"') && !l.includes('"process":"nemesis"')).length;
}

/** The PIDs of this host's processes named `comm` whose working directory lies under `dir` (a run's store folder: redis-server works in its data directory, and rewrites its argv). */
export function processesWorkingUnder(dir: string, comm: string, proc = "/proc"): number[] {
  const found: number[] = [];
  for (const entry of readdirSync(proc)) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(join(proc, entry, "comm"), "utf8").trim() !== comm) continue;
      if (`${readlinkSync(join(proc, entry, "cwd"))}/`.startsWith(`${dir}/`)) found.push(Number(entry));
    } catch {
      // The process exited while it was read.
    }
  }
  return found;
}
