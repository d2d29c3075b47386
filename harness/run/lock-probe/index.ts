/**
 * The lock probe program (workloads/services/lock-probe) run inside a node,
 * where the run's addresses are reachable: its runner, which turns the
 * probe's answer into a result or a `HarnessError` (lock-probe-runner.ts:
 * the preflight's acquire, started ahead while the services start), and the
 * leader lookup that faults aimed at the leader ask (lock-leader.ts).
 */
export { runLockProbe, startLockProbe, type EarlyProbeSpec, type ProbeAnswer, type StartedProbe } from "./lock-probe-runner.js";
export { leaderLookupFor, probeLeaderLookup, type LeaderLookupOptions } from "./lock-leader.js";
