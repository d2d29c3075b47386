/**
 * What one run carries through its lifecycle: the caller's dependencies
 * (`RunDeps`) and, once the store is open, the run's own state
 * (`Execution`), shared by run-test.ts and the clients it starts.
 */
import type { HarnessError, Op, RunConfig, Runtime, SystemClock } from "../../../core/index.js";
import type { NemesisPlan } from "../../../nemesis/index.js";
import type { LoadedLockAdapter, Workload } from "../../../workloads/index.js";
import type { RunStore } from "../../store/index.js";
import type { NemesisOpsInForce } from "./heal-in-force.js";

/** What a run needs besides its configuration. */
export interface RunDeps {
  readonly runtime: Runtime;
  /** Aborting it interrupts the run; cleanup and checks still happen. */
  readonly signal?: AbortSignal;
  readonly clock?: SystemClock;
  /** Called with one line per lifecycle step (for the CLI's progress output). */
  readonly log?: (line: string) => void;
  /** Called with every op as it is recorded. */
  readonly onOp?: (op: Op) => void;
  /** Where to write JUnit XML (one test case per checker), when wanted. */
  readonly junitPath?: string;
  /** The workload to run; by default the registry's `config.workload.name` (a test may bring its own). */
  readonly workload?: Workload;
  /** Wraps the checking phase, which starts once every node is stopped and the history stored (the CLI lets Ctrl-C end the process there). */
  readonly whileChecking?: <T>(check: () => Promise<T>) => Promise<T>;
  /** Called as each phase of the run ends, with its name (`--timings`: `phase-trace.ts`). */
  readonly trace?: (phase: string) => void;
}

/** A run under way: its configuration, dependencies, store and state. */
export interface Execution {
  readonly config: RunConfig;
  /** The run's lock adapter, loaded once (`resolveRun`). */
  readonly adapter: LoadedLockAdapter;
  readonly deps: RunDeps;
  readonly store: RunStore;
  readonly clock: SystemClock;
  readonly entrypoint: string;
  readonly nemesis: NemesisPlan;
  readonly workload: Workload;
  /** The lock adapter has `leader()`: faults that prefer the leader can ask it. */
  readonly canTellLeader: boolean;
  /** The lock adapter is one of ours: its agents make no TLS connection. */
  readonly builtInAdapter: boolean;
  /** The nemesis's ops of the faults in force (client ops are only in history.jsonl). */
  readonly nemesisOps: NemesisOpsInForce;
  readonly signal: AbortSignal;
  /** Ends the run with a cluster's failure (a node's log it cannot write). */
  readonly onFailure: (error: HarnessError) => void;
  readonly log: (line: string) => void;
  readonly trace: (phase: string) => void;
  /** Set once the workload starts: from then on the history is checked whatever happens. */
  readonly reached: { workload: boolean };
  /** Called once no client op can be recorded any more, before the nodes are stopped. */
  readonly onClientsDone: () => void;
}
