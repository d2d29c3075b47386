/**
 * How much `npm run bench:run` runs of each part: the full bench's sizes,
 * or `--quick`'s (scripts/bench/quick.ts), which keep every part and every
 * kind of line at a fraction of the runs and seconds.
 */

export interface RunSizes {
  /** Seeds 1..N of the seed bug and the token-less services, unless `--seeds` is given. */
  readonly seeds: number;
  /** Runs of the fixed cost (`--time-limit 1`). */
  readonly fixedRuns: number;
  readonly throughput: {
    readonly durabilities: readonly ("durable" | "volatile")[];
    readonly clients: readonly number[];
    /** Also volatile runs with --agent-per-client: each client in its own process, as in every run with a fault. */
    readonly perClient: boolean;
    /** `--time-limit` of each throughput run, s. */
    readonly seconds: number;
    /** The steady window, s after the workload started: CPU and ok ops are read at its ends. */
    readonly window: readonly [number, number];
  };
  /** `--time-limit` of the token-less services' runs, s. */
  readonly tokenlessSeconds: number;
  /** `--time-limit` of the fault-timing runs, s. */
  readonly faultsSeconds: number;
}

export const FULL_RUN_SIZES: RunSizes = {
  seeds: 20,
  fixedRuns: 5,
  throughput: { durabilities: ["durable", "volatile"], clients: [5, 10, 20], perClient: true, seconds: 10, window: [3, 9] },
  tokenlessSeconds: 8,
  faultsSeconds: 12,
};

/**
 * The quick sizes: one seed (two runs per part with seeds, one per
 * storage or service: 2 seeds put scripts/bench-quick.int.test.ts over 3
 * minutes on 2 cores), 2 fixed-cost runs, one short throughput run at one
 * client count, and runs long enough that each part still has something to
 * measure (a fault cycle of each nemesis, a paused holder).
 */
export const QUICK_RUN_SIZES: RunSizes = {
  seeds: 1,
  fixedRuns: 2,
  throughput: { durabilities: ["durable"], clients: [5], perClient: false, seconds: 4, window: [1, 3] },
  tokenlessSeconds: 8,
  faultsSeconds: 5,
};
