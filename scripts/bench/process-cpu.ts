/**
 * CPU time per kind of process under one process (a `fencecheck run` and
 * every process it started: agents, services), read from /proc while it
 * runs. Each sample keeps every descendant's latest user + system time, so
 * a process's CPU counts up to the last sample before it ended; what ran
 * after that is left out (the caller compares the sum with the reaped total).
 */
import { readdirSync, readFileSync } from "node:fs";

/** One process's line of /proc/<pid>/stat, as the sampler needs it. */
export interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  /** utime + stime, in clock ticks. */
  readonly ticks: number;
}

/** Parses /proc/<pid>/stat (the command may hold spaces and parentheses: fields follow the last ")"). */
export function parseProcStat(pid: number, text: string): ProcStat {
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { pid, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/**
 * The kind a process counts under, from its command line (NUL-separated
 * words, as in /proc): a program run from its module (`workloads/...`) or
 * from the programs' bundle (`dist/bundle/programs/<name>.js`).
 */
export function processKind(cmdline: string): string {
  if (cmdline.includes("/agent/agent.js") || cmdline.includes("/programs/agent.js")) return "agents";
  if (cmdline.includes("/reference-lock/") || cmdline.includes("/programs/reference-lock.js")) return "lock service";
  if (cmdline.includes("/services/storage/") || cmdline.includes("/programs/storage.js")) return "storage service";
  if (cmdline.includes("/services/lock-probe/") || cmdline.includes("/programs/lock-probe.js")) return "lock probe";
  return "other";
}

/** `root` and its descendants among `stats`. */
export function descendants(root: number, stats: readonly ProcStat[]): Set<number> {
  const found = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of stats) {
      if (!found.has(s.pid) && found.has(s.ppid)) {
        found.add(s.pid);
        grew = true;
      }
    }
  }
  return found;
}

/** Samples the tree under `root`; `totals()` gives ms of CPU per kind (the root itself is "harness"). */
export function createProcessCpu(root: number, ticksPerSecond: number): { sample(): void; totals(): Map<string, number> } {
  const latest = new Map<number, { kind: string; ticks: number }>();
  return {
    sample() {
      const stats: ProcStat[] = [];
      for (const name of readdirSync("/proc")) {
        if (!/^\d+$/.test(name)) continue;
        try {
          stats.push(parseProcStat(Number(name), readFileSync(`/proc/${name}/stat`, "utf8")));
        } catch {
          // Gone between the listing and the read.
        }
      }
      const tree = descendants(root, stats);
      for (const s of stats) {
        if (!tree.has(s.pid)) continue;
        let kind = latest.get(s.pid)?.kind;
        if (kind === undefined || kind === "other") {
          try {
            kind = s.pid === root ? "harness" : processKind(readFileSync(`/proc/${s.pid}/cmdline`, "utf8"));
          } catch {
            continue;
          }
        }
        latest.set(s.pid, { kind, ticks: s.ticks });
      }
    },
    totals() {
      const sums = new Map<string, number>();
      for (const { kind, ticks } of latest.values()) sums.set(kind, (sums.get(kind) ?? 0) + (ticks * 1000) / ticksPerSecond);
      return sums;
    },
  };
}
