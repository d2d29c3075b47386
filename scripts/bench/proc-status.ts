/** What the benches read of a running process from /proc. */
import { readFileSync } from "node:fs";

/** The process's resident set in MB, or undefined once it is gone. */
export function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}
