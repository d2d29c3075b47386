/**
 * The validation matrix's one table: every cell `fencecheck validate` runs,
 * its expected verdict and why, in one sentence. Rows are designs (a lock
 * service with the storage that protects its data, or a design known to
 * break), columns are faults (a `--nemesis` package and its `--fault-opt`s,
 * named as `fencecheck list` names them). A built-in lock service's cells
 * are declared in its record (`validation` in
 * workloads/adapters/built-in/<name>.ts); the cells of the designs that are
 * not a built-in service alone are declared here. A cell marked `ci`
 * belongs to `--cells ci`, the covering subset CI runs: every service and
 * every fault at least once, plus the known-broken designs; `dockerCi`
 * marks the docker column's subset (every service once, every fault of the
 * issue's columns once, and the two known-broken designs whose catch does
 * not hang on a clock fault's timing). The expectations are what a correct
 * harness must say, not what it says today: a cell that disagrees is a bug
 * of the harness (or of the design's claim), never of the table. A cell a
 * scenario already declares (`fencecheck scenario list`) names that
 * scenario's variant instead of repeating its command line and reason.
 */
import { builtInAdapters, builtInService } from "../../workloads/index.js";
import type { ValidationDesign, ValidationFault, ValidationRow } from "./validation-types.js";

/** Where the example of a user's own lock service lives (docs/tutorial.md), relative to the package root. */
export const CUSTOM_LOCK_ADAPTER = "examples/custom-lock/adapter.mjs";

/** Where the example Go lock server's adapters live (examples/go-lock, built by its build.sh), relative to the package root. */
export const GO_LOCK_ADAPTERS = { wall: "examples/go-lock/wallclock.mjs", monotonic: "examples/go-lock/monotonic.mjs" } as const;

/** Where the early-granting test lock service lives, relative to the package root. */
export const EARLY_LOCK_ADAPTER = "harness/cli/testdata/early-lock/adapter.mjs";

/**
 * The designs (rows): every built-in lock service, from its record
 * (workloads/adapters/built-in/<name>.ts), with the storage that protects
 * its data: `fenced` where the service gives tokens, `cas` where it does
 * not; the known-broken ones after the others; then the designs that are
 * not a built-in service alone.
 */
export const DESIGNS: readonly ValidationDesign[] = [
  ...builtInDesigns().filter((d) => !d.knownBroken),
  // The example a user copies (examples/custom-lock): it must stay safe under the faults the tutorial names.
  { name: "custom-lock", argv: ["--lock", `{root}/${CUSTOM_LOCK_ADAPTER}`, "--storage", "fenced"] },
  // A Go program, which libfaketime cannot reach: its clock faults go through the clock injector.
  { name: "go-monotonic", argv: ["--lock", `{root}/${GO_LOCK_ADAPTERS.monotonic}`, "--storage", "fenced"] },
  ...builtInDesigns().filter((d) => d.knownBroken),
  // Redlock with storage that takes any write: what Kleppmann calls unsafe (no token to fence a stale holder with, and clocks it trusts).
  { name: "redlock-unfenced", argv: ["--lock", "redlock", "--storage", "unfenced"], knownBroken: true },
  { name: "quorum-2-of-4", knownBroken: true },
  { name: "early-lock", argv: ["--workload", "lock-mutex", "--lock", `{root}/${EARLY_LOCK_ADAPTER}`, "--clients", "3"], knownBroken: true },
  { name: "go-wallclock", argv: ["--lock", `{root}/${GO_LOCK_ADAPTERS.wall}`, "--storage", "fenced"], knownBroken: true },
];

/** The built-in services' designs, in the order of their records. */
function builtInDesigns(): ValidationDesign[] {
  return builtInAdapters().map(({ name }) => {
    const record = builtInService(name);
    const storage = record?.info.token === null ? "cas" : "fenced";
    return { name, argv: ["--lock", name, "--storage", storage], ...(record?.knownBroken ? { knownBroken: true } : {}) };
  });
}

/** The faults (columns). */
export const FAULTS: readonly ValidationFault[] = [
  { name: "kill-storage", argv: ["--nemesis", "kill-storage"] },
  { name: "kill-lock", argv: ["--nemesis", "kill-lock"] },
  { name: "partition-holder", argv: ["--nemesis", "partition-holder"] },
  { name: "loss", argv: ["--nemesis", "loss"] },
  { name: "pause(storage,client)", argv: ["--nemesis", "pause", "--fault-opt", "pause.nodes=storage,client"] },
  { name: "delay", argv: ["--nemesis", "delay"] },
  { name: "clock-skew(client,storage)", argv: ["--nemesis", "clock-skew", "--fault-opt", "clock.nodes=client,storage"] },
  { name: "clock-jump(lock)", argv: ["--nemesis", "clock-jump", "--fault-opt", "clock.nodes=lock"] },
  {
    name: "clock-jump-majority-forward(lock)",
    argv: ["--nemesis", "clock-jump", "--fault-opt", "clock.nodes=lock", "--fault-opt", "clock-jump.count=majority", "--fault-opt", "clock-jump.direction=forward"],
  },
  { name: "clock-skew(lock)", argv: ["--nemesis", "clock-skew", "--fault-opt", "clock.nodes=lock"] },
  { name: "clock-strobe(lock)", argv: ["--nemesis", "clock-strobe", "--fault-opt", "clock.nodes=lock"] },
  { name: "clock-rate(lock)", argv: ["--nemesis", "clock-rate", "--fault-opt", "clock.nodes=lock"] },
  { name: "partition-halves(lock)" },
  { name: "kill-after-grant", argv: ["--nemesis", "kill-after-grant"] },
  { name: "partition-leader-after-grant", argv: ["--nemesis", "partition-leader-after-grant"] },
  { name: "none", argv: ["--nemesis", "none"] },
  { name: "lose-unfsynced-lock", argv: ["--nemesis", "lose-unfsynced-lock"] },
  { name: "lose-unfsynced-storage", argv: ["--nemesis", "lose-unfsynced-storage"] },
  { name: "pause-holder", argv: ["--nemesis", "pause-holder"] },
];

const CI = { ci: true } as const;
const DOCKER_CI = { dockerCi: true } as const;

/** The cells of the designs that are not a built-in service alone (a built-in service's are in its record). */
export const OTHER_DESIGN_CELLS: readonly ValidationRow[] = [
  { design: "custom-lock", fault: "kill-lock", expect: "valid", why: "the example server fdatasyncs its token counter before each grant and, restarted, waits out the leases it granted before, so no token or live lease is granted twice" },
  { design: "custom-lock", fault: "pause-holder", expect: "valid", why: "the paused holder's lease expires on the server, and its late write carries a token fenced storage has already passed", ...CI },
  { design: "custom-lock", fault: "clock-jump(lock)", expect: "valid", why: "the example server times leases on the monotonic clock, which a jump of the lock node's wall clock does not move" },
  { design: "custom-lock", fault: "lose-unfsynced-lock", expect: "valid", why: "the example server fdatasyncs each grant's journal line before answering (and its directory when the journal is new), so a power loss takes back no grant it answered" },
  { design: "go-monotonic", fault: "clock-jump(lock)", expect: "valid", why: "the Go server times leases with time.Since, on Go's monotonic clock, which the clock injector leaves alone when it jumps the node's wall clock", ...CI },
  // Declared once, in the scenario it proves: its command line, verdict and reason come from there.
  { design: "quorum-2-of-4", fault: "partition-halves(lock)", scenario: { name: "quorum-intersection", variant: "non-intersecting quorums (2 of 4)" }, ...CI, ...DOCKER_CI },
  // Kleppmann's two arguments against Redlock, each declared once, in the scenario that proves it.
  { design: "redlock-unfenced", fault: "clock-jump-majority-forward(lock)", scenario: { name: "redlock-clock", variant: "Redlock, a majority of masters jump forward, unconditional storage" }, ...CI },
  { design: "redlock-unfenced", fault: "pause-holder", scenario: { name: "redlock", variant: "Redlock, unconditional storage" } },
  { design: "early-lock", fault: "none", expect: "invalid", why: "the test service grants a resource again once 60% of the TTL has passed, while its holder may still hold it", ...CI, ...DOCKER_CI },
  { design: "go-wallclock", fault: "clock-jump(lock)", expect: "invalid", why: "the Go server ends a lease once time.Now().UnixMilli() passes its grant's wall time plus the TTL, so a forward jump of the node's wall clock, moved inside the Go program by the clock injector, grants a held lease again", ...CI },
];

/**
 * Every cell, with its expected verdict and why: row by row in the order of
 * `DESIGNS`, and within a row column by column in the order of `FAULTS`.
 */
export const VALIDATION_TABLE: readonly ValidationRow[] = DESIGNS.flatMap((design) => {
  const fromRecord = Object.entries(builtInService(design.name)?.validation ?? {}).map(([fault, cell]) => ({ design: design.name, fault, ...cell }));
  const cells: ValidationRow[] = [...fromRecord, ...OTHER_DESIGN_CELLS.filter((row) => row.design === design.name)];
  return cells.sort((a, b) => columnIndex(a.fault) - columnIndex(b.fault));
});

/** The fault's place among the columns; a name that is no column sorts last (the table's tests refuse it). */
function columnIndex(fault: string): number {
  const at = FAULTS.findIndex((f) => f.name === fault);
  return at < 0 ? FAULTS.length : at;
}
