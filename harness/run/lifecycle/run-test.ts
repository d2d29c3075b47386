/**
 * The run lifecycle (Jepsen's run!): open the store, start the cluster and
 * its services, run the workload and the nemesis, heal, do final reads,
 * stop everything, then check the history and write the report.
 *
 * Whatever happens (an error, Ctrl-C, SIGTERM), the `finally` chain heals
 * every fault, stops every node and still checks what was recorded.
 */
import { join } from "node:path";
import {
  anyOf,
  createSystemClock,
  faultsUntil,
  HarnessError,
  messageOf,
  runIdFor,
  runNodes,
  timeLimitWithGrace,
  type Cluster,
  type NemesisPackage,
  type Op,
  type RunConfig,
  type SystemClock,
  type Validity,
} from "../../../core/index.js";
import { fakeMonotonic, pausedClient, type NemesisPlan } from "../../../nemesis/index.js";
import { entrypointPath, findWorkload, holdingClient } from "../../../workloads/index.js";
import { checkStore, HistoryPastMemoryBound, mergeStorageLogs, nodeStorageLogs, openRunStore, readHistoryLines, RUN_FILES, type RunStore } from "../../store/index.js";
import type { CheckedRun } from "../analyze/check-and-report.js";
import { memoryBound, memoryStopReason, pastMemoryOutcome } from "../analyze/check-memory-bound.js";
import { lazyCheckAndReport } from "../analyze/lazy-check-and-report.js";
import { healInForce, nemesisOpsInForce } from "./heal-in-force.js";
import type { Interpreter } from "../interpreter/interpreter.js";
import { leaderLookupFor } from "../lock-probe/lock-leader.js";
import { refuseFaults } from "../refusals/refuse-faults.js";
import { checkLockImage, previewLaunch, refuseImageRuntime } from "../refusals/refuse-image.js";
import { refuseUnreachableProgram } from "../refusals/refuse-program-clock.js";
import { isResolvedRun, resolveRun, type ResolvedRun } from "../resolve/resolve-run.js";
import { restartWaitsForReadiness, type ReadinessChecks } from "../services/restart-readiness.js";
import { startServices, type ServiceEndpoints } from "../services/start-services.js";
import type { Execution, RunDeps } from "./execution.js";
import { clientProcesses, openInterpreter, startAgentsEarly } from "./run-clients.js";

export type { RunDeps } from "./execution.js";

/** The outcome of a run. */
export interface RunOutcome {
  readonly valid: Validity;
  /** One line saying why the verdict is unknown, when the checkers gave one. */
  readonly reason?: string;
  readonly dir: string;
  readonly results: Readonly<Record<string, unknown>>;
  /** Set when the run was cut short by an error (the history so far was still checked). */
  readonly error?: HarnessError;
  readonly aborted: boolean;
  /**
   * False when an error came before the workload started (a bad adapter, a
   * node that would not start): then nothing was checked, there is no
   * verdict and no report, only `error`.
   */
  readonly reachedWorkload: boolean;
  /** The run's nemesis, as resolved for it. */
  readonly nemesis: NemesisPlan;
}

/** What `runTest(config)` takes: a run's dependencies, and the nemesis plan when the caller drew it already. */
export interface ConfigRunDeps extends RunDeps {
  /** The run's nemesis as the caller resolved it (`resolveNemesis(config)`); drawn by `resolveRun` otherwise. */
  readonly nemesis?: NemesisPlan;
}

/**
 * Runs one test end to end: `run` as `resolveRun` resolved it (its adapter
 * loaded once, its nemesis plan drawn from its final config), or a bare
 * config, which is resolved first (`resolveRun(config)`: its lock node
 * count kept as given). Throws only for errors before the store exists (an
 * unusable store first of all, or a config `resolveRun` refuses).
 */
export async function runTest(run: ResolvedRun, deps: RunDeps): Promise<RunOutcome>;
export async function runTest(config: RunConfig, deps: ConfigRunDeps): Promise<RunOutcome>;
export async function runTest(given: ResolvedRun | RunConfig, deps: ConfigRunDeps): Promise<RunOutcome> {
  if (isResolvedRun(given)) return runResolved(given, deps);
  const run = await resolveRun(given);
  return runResolved(deps.nemesis ? { ...run, nemesis: deps.nemesis } : run, deps);
}

async function runResolved(run: ResolvedRun, deps: RunDeps): Promise<RunOutcome> {
  const { config, adapter, nemesis } = run;
  const log = deps.log ?? (() => undefined);
  const trace = deps.trace ?? (() => undefined);
  checkStore(config.storeDir);
  const workload = deps.workload ?? findWorkload(config.workload.name);
  // Refused before the prerequisites are checked: a refusal takes no time.
  refuseFaults(config, nemesis, deps.runtime, adapter.adapter);
  const launch = previewLaunch(config, adapter.adapter);
  const image = refuseImageRuntime(config, deps.runtime, adapter.adapter, launch);
  refuseUnreachableProgram(config, nemesis, adapter.adapter, launch, deps.runtime);
  await deps.runtime.checkPrerequisites(nemesis.needs);
  await checkLockImage(config, nemesis, deps.runtime, adapter.adapter, image);
  trace("prerequisites checked");
  const entrypoint = entrypointPath("agent");
  const clock = deps.clock ?? createSystemClock();
  const store = openRunStore(config, clock.wallMs());
  // Only the nemesis's ops of faults in force stay in memory (the last heal needs them): every op
  // goes to history.jsonl as it completes, and the check reads that file back, so a long run's
  // memory does not grow with its ops.
  const nemesisOps = nemesisOpsInForce(nemesis.shading);
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  deps.signal?.addEventListener("abort", onAbort, { once: true });
  let error: HarnessError | undefined;
  let failure: HarnessError | undefined;
  const onFailure = (e: HarnessError): void => {
    failure ??= e;
    controller.abort();
  };
  const reached = { workload: false };
  const reporting = lazyCheckAndReport();
  try {
    await execute({
      config, adapter, deps, store, clock, entrypoint, nemesis, workload, canTellLeader: adapter.adapter.leader !== undefined, builtInAdapter: adapter.builtIn,
      nemesisOps, signal: controller.signal, onFailure, log, trace, reached, onClientsDone: reporting.prefetch,
    });
  } catch (e) {
    error = e instanceof HarnessError ? e : new HarnessError("internal", messageOf(e), { cause: e });
  } finally {
    deps.signal?.removeEventListener("abort", onAbort);
    store.close();
    trace("nodes stopped, history closed");
  }
  error = failure ?? error ?? store.writeFailure();
  const aborted = controller.signal.aborted || deps.signal?.aborted === true;
  if (error && !reached.workload) return { valid: "unknown", results: {}, dir: store.dir, aborted, error, reachedWorkload: false, nemesis };
  log(deps.whileChecking ? `checking the history (Ctrl-C ends the check; fencecheck analyze ${store.dir} checks it again)` : "checking the history");
  const check = async (): Promise<CheckedRun> => {
    let history;
    try {
      history = readHistoryLines(join(store.dir, RUN_FILES.history), { pastBound: memoryBound() });
    } catch (past) {
      if (past instanceof HistoryPastMemoryBound) return pastMemoryOutcome(store.dir, past);
      throw past;
    }
    const checkAndReport = await reporting.load();
    trace("checkers and report loaded");
    return checkAndReport({ trace, config, history, dir: store.dir, shading: nemesis.shading, workload, stopReason: memoryStopReason(), ...(deps.junitPath !== undefined ? { junitPath: deps.junitPath } : {}) });
  };
  const { writeFailure, ...checked } = await (deps.whileChecking ? deps.whileChecking(check) : check());
  error ??= writeFailure;
  return { ...checked, dir: store.dir, nemesis, aborted, reachedWorkload: reached.workload, ...(error ? { error } : {}) };
}

async function execute(run: Execution): Promise<void> {
  const { config, deps, store, clock, log, trace } = run;
  const runId = runIdFor(clock.wallMs(), process.pid);
  log(`starting ${runNodes(config).length} nodes (run ${runId})`);
  const clockFaults = run.nemesis.needs.has("clock") ? { clock: { monotonic: fakeMonotonic(config), nodes: run.nemesis.clockNodes } } : {};
  const lazyFs = run.nemesis.needs.has("lose-unfsynced") ? { lazyFs: Object.fromEntries(run.nemesis.diskNodes.map((n) => [n, join(store.nodeDir(n), "data")])) } : {};
  const nodeDirs = Object.fromEntries(runNodes(config).map((n) => [n.id, store.nodeDir(n.id)]));
  await using started = await deps.runtime.start(runNodes(config), { runId, signal: run.signal, onFailure: run.onFailure, nodeDirs, ...clockFaults, ...lazyFs });
  trace("cluster started (network up)");
  // Filled as the services start: a fault's restart of a node waits until it answers again.
  const readiness: ReadinessChecks = new Map();
  const cluster = restartWaitsForReadiness(started, readiness, (node, error) =>
    log(`warning: node ${node} did not answer after its restart: ${error instanceof Error ? error.message : String(error)}`));
  // The first agents start (and load their code) while the services start; they get their endpoints once those answer.
  const agents = startAgentsEarly(run, cluster);
  let interpreter: Interpreter | undefined;
  let services: ServiceEndpoints | undefined;
  let pkg: NemesisPackage | undefined;
  try {
    // The client agents start while the preflight lock is taken: both need only the endpoints.
    const whilePreflight = async (reached: Pick<ServiceEndpoints, "lock" | "storage">): Promise<void> => {
      const leader = leaderLookupFor(cluster, run, reached.lock);
      pkg = run.nemesis.build({ ...(leader ? { leader } : {}), nowNs: () => clock.nowNs() });
      interpreter = await openInterpreter(run, cluster, reached, pkg.nemesis, agents);
    };
    services = await startServices(started, config, {
      adapter: run.adapter, store, originNs: clock.originNs, whilePreflight, log, trace, readiness, injectsClocks: deps.runtime.injectsClocks === true,
    });
    trace("agents ready, preflight lock taken");
    for (const note of services.notes) log(`note: ${note}`);
    if (!interpreter || !pkg) throw new HarnessError("internal", "Cannot run the workload: the client agents were not started");
    await pkg.nemesis.setup(cluster);
    const clients = run.workload.generator(config);
    const start = clock.nowNs();
    const end = start + config.timeLimitMs * 1e6;
    log(`running ${run.workload.name} for ${config.timeLimitMs / 1000} s with nemesis ${pkg.name} (${clientProcesses(run)})`);
    const healFs = new Set(pkg.shading.map((s) => s.stop));
    run.reached.workload = true;
    // A client paused in mid-cycle finishes it after the limit: its write on waking is the one the pause is for.
    // So does one whose hold began before the limit: its write is still sent.
    const grace = { claims: (event: Op) => pausedClient(event) ?? holdingClient(event) };
    const running = interpreter.run(anyOf(faultsUntil(end, healFs, pkg.schedule(start)), timeLimitWithGrace(end, clients, grace)));
    await stopWaitingAt(end, clock, interpreter, running);
    trace("workload done");
    if (pkg.finalGenerator) await interpreter.run(pkg.finalGenerator);
    await healInForce({ history: run.nemesisOps.ops, shading: pkg.shading, nemesis: pkg.nemesis, cluster, interpreter, log });
    const final = run.workload.finalGenerator(config);
    if (!final) return;
    if (run.signal.aborted) {
      log("interrupted: final reads skipped");
      return;
    }
    log("healed; final reads");
    await interpreter.run(final);
    trace("healed, final reads done");
  } finally {
    if (pkg) await healInForce({ history: run.nemesisOps.ops, shading: pkg.shading, nemesis: pkg.nemesis, cluster, interpreter, log });
    run.onClientsDone();
    await interpreter?.close();
    trace("agents closed");
    await services?.stop();
    await collectFiles(cluster, store);
    trace("files collected");
    log("stopping nodes");
  }
}

/**
 * Brings every node's folder to the run's folder, then merges the storage
 * nodes' own logs into the run's storage.jsonl, each node's records in the
 * order it wrote them (merge-storage-logs.ts).
 */
async function collectFiles(cluster: Cluster, store: RunStore): Promise<void> {
  const collected = await Promise.allSettled(cluster.nodes.map((node) => cluster.collect(node.id, [store.nodeDir(node.id)])));
  const storageNodes = cluster.nodes.filter((n) => n.role === "storage").map((n) => n.id);
  mergeStorageLogs(nodeStorageLogs(store.dir, storageNodes, RUN_FILES.storage), join(store.dir, RUN_FILES.storage));
  const failed = collected.find((c) => c.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * When the time limit passes, acquires still polling a busy lock give up at
 * once (a definite fail, as at their own acquire timeout) instead of holding
 * the run's end for up to --acquire-timeout-ms. Resolves with the workload.
 */
async function stopWaitingAt(end: number, clock: SystemClock, interpreter: Interpreter, workload: Promise<void>): Promise<void> {
  const done = new AbortController();
  const cut = clock.sleep(Math.max(0, (end - clock.nowNs()) / 1e6), done.signal).then(() => {
    if (!done.signal.aborted) interpreter.stopWaiting();
  });
  try {
    await workload;
  } finally {
    done.abort();
    await cut;
  }
}
