/**
 * The run lifecycle (Jepsen's run!): `runTest` (run-test.ts) and what a run
 * carries through it (execution.ts), its clients (run-clients.ts; which of
 * them share an agent process: shared-hosts.ts), the last heal of every
 * fault still in force (heal-in-force.ts) and the phases' timings
 * (`--timings`: phase-trace.ts).
 */
export { runTest, type ConfigRunDeps, type RunDeps, type RunOutcome } from "./run-test.js";
export { createPhaseTrace, formatPhases, processTimes, type PhaseMark, type PhaseTrace, type TraceTimes } from "./phase-trace.js";
