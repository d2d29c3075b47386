/**
 * The shape of a built-in lock service's record (one file per service in
 * built-in/, listed in built-in-services.ts): what fencecheck knows of the
 * service without loading its adapter, the validation matrix's cells of its
 * row included. Types only.
 */
import type { LockAdapter, LockAdapterInfo, LockServiceClock } from "./lock-adapter.js";

// Leases: "grant" where one server times the TTL from the instant it grants (redis: the
// SET that succeeds; postgres: idle_session_timeout, set after the grant); "request" where
// replicas vote at their own instants (quorum, redlock) or a renewal may predate the grant.

/** The images (`fencecheck images build`) a built-in service's lock nodes run in. */
export type ServiceImage = "node" | "etcd" | "zookeeper" | "redis" | "postgres";

/**
 * The verdict a validation cell must reach. "either" is for a known-broken design under
 * a fault that catches it only sometimes (reference-timer under plain
 * kill-lock): valid and invalid both match, and the page prints how often
 * it was caught beside the aimed fault's rate; no verdict still mismatches.
 */
export type ValidationExpectation = "valid" | "invalid" | "either";

/** A scenario's variant (`fencecheck scenario list`), by scenario name and variant label. */
export interface ValidationScenarioRef {
  readonly name: string;
  readonly variant: string;
}

/**
 * One cell of the validation matrix (`fencecheck validate`): the verdict it
 * must reach and why, in one sentence, or the scenario variant that already
 * declares it (its command line, verdict and reason come from there).
 */
export type ValidationCell = {
  /** In `--cells ci` on the local runtime. */
  readonly ci?: boolean;
  /** In `--cells ci` on the docker runtime (a smaller covering subset: a docker cell takes about twice as long). */
  readonly dockerCi?: boolean;
} & ({ readonly expect: ValidationExpectation; readonly why: string } | { readonly scenario: ValidationScenarioRef });

/** Everything fencecheck knows of one built-in lock service. */
export interface BuiltInService {
  /** Its self-description; the loaded adapter carries it. */
  readonly info: LockAdapterInfo;
  /** Its `service.clock` (why clock faults cannot reach its nodes); absent when every clock fault does. The loaded adapter carries it. */
  readonly clock?: LockServiceClock;
  /** The image its lock nodes run in on the docker runtime ("node" for a service run by Node). */
  readonly image: ServiceImage;
  /** A design known to break (the validation matrix counts how often each fault catches it). */
  readonly knownBroken?: true;
  /** Its adapter as its module exports it (without `info` and `service.clock`: the record gives them). */
  load(): Promise<LockAdapter>;
  /**
   * Its row of the validation matrix: a cell per fault column it is checked
   * under, keyed by the column's name as `fencecheck validate --list` prints
   * it ("kill-lock", "pause(storage,client)"). The matrix runs it with the
   * storage that protects its data (`fenced` when it gives tokens, `cas`
   * otherwise); a name that is no column of the matrix fails its tests.
   */
  readonly validation: Readonly<Record<string, ValidationCell>>;
}
