/**
 * harness/run: one run, from its config to its verdict. This index is its
 * public face, what the CLI, the scenarios and the package's entry call:
 * resolving a run once before anything starts (resolve/) and running it
 * (lifecycle/: `runTest`, the phases' timings).
 *
 * The folders: resolve/ (the run resolved once, what its runtime needs),
 * lifecycle/ (`runTest` and the state it carries, its clients, the last
 * heal), interpreter/ (Jepsen's interpreter: ops to workers, completions,
 * timeouts), agents/ (the harness's half of the agent protocol), services/
 * (starting the lock and storage services), lock-probe/ (the lock probe
 * program run inside a node: preflight, leader lookup), refusals/ (what a
 * run refuses before anything starts) and analyze/ (check a recorded run,
 * write its results and report). analyze/ is not exported here: it loads the
 * checkers and the report's charts, which a run loads only once its clients
 * are done; import harness/run/analyze/index.ts where it is used.
 */
export * from "./resolve/index.js";
export * from "./lifecycle/index.js";
