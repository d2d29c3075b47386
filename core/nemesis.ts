/**
 * A nemesis performs fault ops over `Cluster` primitives. It never shells
 * out itself, so a fake cluster tests it.
 */
import type { Generator } from "./generator.js";
import type { Invoke } from "./op.js";
import type { Cluster } from "./runtime.js";

/** The result of a nemesis op: the value recorded in its `info` completion. */
export type NemesisResult = unknown;

export interface Nemesis {
  /** The `f` values this nemesis handles. */
  readonly fs: ReadonlySet<string>;
  setup(cluster: Cluster): Promise<void>;
  invoke(op: Invoke, cluster: Cluster, signal: AbortSignal): Promise<NemesisResult>;
  /** Heals everything this nemesis did. Must be safe to call at any time, more than once. */
  teardown(cluster: Cluster): Promise<void>;
}

/** How to shade a fault's periods in reports: ops `start` to `stop` form one period. */
export interface FaultShading {
  readonly start: string;
  readonly stop: string;
  readonly label: string;
  readonly color: string;
}

/** A nemesis with its schedule. */
export interface NemesisPackage {
  readonly name: string;
  readonly nemesis: Nemesis;
  /**
   * The schedule of nemesis ops for a workload starting at harness time
   * `startNs`: a timed fault comes first an interval after that start, so
   * the time the nodes and agents took to start never eats into it.
   */
  schedule(startNs: number): Generator;
  /** Heals everything before final reads. */
  readonly finalGenerator: Generator | undefined;
  readonly shading: readonly FaultShading[];
}
