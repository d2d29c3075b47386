/**
 * The libraries page's matrix: each popular npm lock library (a built-in
 * adapter) under each fault, with unfenced storage and with the storage
 * that protects against a stale holder (fenced when the library gives a
 * fencing token, cas otherwise). Pure: the CLI arguments of each cell.
 */

/** A library on the page: its built-in adapter and the storage that protects it. */
export interface Library {
  readonly adapter: string;
  /** The npm package (and version) the adapter uses, as the page names it. */
  readonly npm: string;
  readonly protective: "fenced" | "cas";
}

/** A fault column: its label and the run options that make it. */
export interface FaultColumn {
  readonly label: string;
  readonly args: readonly string[];
}

export const LIBRARIES: readonly Library[] = [
  { adapter: "proper-lockfile", npm: "proper-lockfile 4.1.2", protective: "cas" },
  { adapter: "redis-semaphore", npm: "redis-semaphore 5.8.0 (Mutex)", protective: "cas" },
  { adapter: "etcd-lock", npm: "etcd3 1.1.2 (Lock)", protective: "cas" },
  { adapter: "warlock", npm: "node-redis-warlock 1.0.2", protective: "cas" },
  { adapter: "dynamodb-lock", npm: "dynamodb-lock-client 0.7.3 on dynalite 4.0.0", protective: "fenced" },
];

export const FAULTS: readonly FaultColumn[] = [
  { label: "pause-holder", args: ["--nemesis", "pause-holder"] },
  // One client's clock jumps forward or back by 2 TTLs: the lock services' own clocks stay real.
  { label: "clock-jump on one client", args: ["--nemesis", "clock-jump", "--fault-opt", "clock.nodes=client"] },
  { label: "partition-holder", args: ["--nemesis", "partition-holder"] },
  { label: "kill-lock", args: ["--nemesis", "kill-lock"] },
];

/** One run of the page. */
export interface Cell {
  readonly library: Library;
  readonly fault: FaultColumn;
  readonly storage: string;
  /** A stable anchor for the cell's sentence ("warlock-pause-holder-unfenced"). */
  readonly id: string;
  readonly args: readonly string[];
}

/** The settings every cell shares: the seed and length of each run, and how long an acquire (the preflight's too) may wait. */
export interface CellSettings {
  readonly seed: number;
  readonly timeLimitS: number;
  readonly acquireTimeoutMs: number;
}

/** Every cell, library by library, fault by fault, unfenced first. */
export function cells(settings: CellSettings): Cell[] {
  const out: Cell[] = [];
  for (const library of LIBRARIES) {
    for (const fault of FAULTS) {
      for (const storage of ["unfenced", library.protective]) {
        const id = `${library.adapter}-${fault.args[1]}-${storage}`;
        const args = [
          "run", "--lock", library.adapter, "--storage", storage, ...fault.args,
          "--time-limit", String(settings.timeLimitS), "--seed", String(settings.seed),
          "--acquire-timeout-ms", String(settings.acquireTimeoutMs), "--name", id,
        ];
        out.push({ library, fault, storage, id, args });
      }
    }
  }
  return out;
}
