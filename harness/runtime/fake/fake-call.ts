/**
 * What the fake runtime records of each call its clusters receive, in
 * order, so a test reads what a nemesis or a run did as data.
 */
import type { ClockSkew, NodeId, ProbeResult, TrafficDelay, TrafficKind } from "../../../core/index.js";

/** One recorded cluster call. Grudges are copied to plain arrays. */
export type FakeCall =
  | { readonly kind: "start-process"; readonly node: NodeId; readonly argv: readonly string[] }
  | { readonly kind: "exec"; readonly node: NodeId; readonly argv: readonly string[] }
  | { readonly kind: "pause" | "resume" | "kill" | "restart" | "freeze" | "thaw" | "read-clock"; readonly node: NodeId }
  | { readonly kind: "partition"; readonly grudge: readonly (readonly [NodeId, readonly NodeId[]])[] }
  | { readonly kind: "heal" | "stop" }
  | { readonly kind: "set-clock"; readonly node: NodeId; readonly skew: ClockSkew }
  | { readonly kind: "drop-packets"; readonly node: NodeId; readonly from: readonly NodeId[]; readonly probability: number }
  | { readonly kind: "delay-traffic"; readonly node: NodeId; readonly delay: TrafficDelay }
  | { readonly kind: "heal-traffic"; readonly traffic: TrafficKind }
  | { readonly kind: "probe"; readonly from: NodeId; readonly to: NodeId; readonly result: ProbeResult }
  | { readonly kind: "collect"; readonly node: NodeId; readonly paths: readonly string[] }
  /** Recorded by a leader lookup from `fakeLeaderLookup`, so tests see it in order with the faults. */
  | { readonly kind: "lock-leader"; readonly leader: NodeId | undefined };
