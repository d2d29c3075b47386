/** What the benches read of a running process (from /proc) and of the files it writes. */
import { closeSync, openSync, readFileSync, readSync } from "node:fs";

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
