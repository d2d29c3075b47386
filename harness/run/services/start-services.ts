/**
 * Starts the lock service and storage nodes a run needs, and returns the
 * endpoints its clients connect to. The lock service is whatever the
 * adapter's `service` says (built-in or a user's module), started on every
 * lock node with all lock nodes as peers; with `--endpoints` no lock node is
 * started and clients reach the user's service through relays; with an
 * existing service (`config.lock.existing`) nothing is started and clients
 * reach it on each lock node's host at its port.
 */
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { HarnessError, type Cluster, type ClusterNode, type ExistingService, type NodeId, type RunConfig } from "../../../core/index.js";
import {
  PREFLIGHT_RETRY_MS, preflightSilence, type LoadedLockAdapter, type LockServiceLaunch, type LockServiceNode, type LockServiceSettings,
} from "../../../workloads/index.js";
import type { RunStore } from "../../store/index.js";
import { startExternalRelays } from "./external-relays.js";
import { checkLaunchFiles, writeLaunchFiles } from "./launch-files.js";
import { runLockProbe, startLockProbe, type ProbeAnswer, type StartedProbe } from "../lock-probe/lock-probe-runner.js";
import type { ReadinessChecks } from "./restart-readiness.js";
import { startStorageNode } from "./start-storage.js";
import { startTogether } from "./start-together.js";
import { withoutUnusedCaCerts } from "./unused-ca-certs.js";
import { launchReach, lockClockTool, processClock } from "./lock-clock-tool.js";

/** Ports our services listen on inside their nodes. */
export const SERVICE_PORTS = { lock: 7001, storage: 7002 } as const;

/** What clients need to reach the services, what the run should say about them, and how to stop the harness's part. */
export interface ServiceEndpoints {
  readonly lock: readonly string[];
  readonly storage: readonly string[];
  /** Sentences for the run's log and services.json (limits of this run's set-up). */
  readonly notes: readonly string[];
  /** Stops what runs in the harness process (relays); the cluster stops the rest. */
  stop(): Promise<void>;
}

/** What starting the services needs besides the cluster and config. */
export interface StartServicesOptions {
  /** The run's lock adapter, loaded once (`resolveRun`): its `service` is started, its name reported. */
  readonly adapter: LoadedLockAdapter;
  readonly store: RunStore;
  readonly originNs: bigint;
  /**
   * Work that needs only the endpoints (starting the client agents), done
   * while the preflight lock is taken. Both are awaited; the preflight's
   * error wins over this one's.
   */
  readonly whilePreflight?: (endpoints: Pick<ServiceEndpoints, "lock" | "storage">) => Promise<void>;
  /** Receives a lifecycle line once every lock node is ready. */
  readonly log?: (line: string) => void;
  /** Told as the storage nodes and the lock service are ready (`RunDeps.trace`). */
  readonly trace?: (phase: string) => void;
  /** Filled with how to tell each lock or storage node answers again after a restart (nodes whose service says how). */
  readonly readiness?: ReadinessChecks;
  /** The runtime moves the clocks of processes started with `clockTool: "injector"` (`Runtime.injectsClocks`): see lock-clock-tool.ts. */
  readonly injectsClocks: boolean;
}

/**
 * Starts every lock and storage node's service, each ready before this
 * returns, then takes one lock as a preflight (alongside `whilePreflight`).
 * Lock and storage nodes start together; when one fails, the others are
 * killed and awaited before this rejects with the first failure, so nothing
 * is still starting when the run stops its cluster.
 */
export async function startServices(cluster: Cluster, config: RunConfig, opts: StartServicesOptions): Promise<ServiceEndpoints> {
  const loaded = opts.adapter;
  // The preflight's probe starts now and loads its code while the services start; it gets its arguments once they answer.
  const probe = startPreflightProbe(cluster, loaded, opts.store);
  const storageNodes = cluster.nodes.filter((n) => n.role === "storage");
  const external = config.lock.endpoints?.length ? config.lock.endpoints : undefined;
  const storageStarted = Promise.all(storageNodes.map((node) => startStorageNode(cluster, config, node, opts))).then(() => {
    opts.trace?.("storage ready");
    return undefined;
  });
  const existing = config.lock.existing;
  const lockStarted: Promise<LockEndpoints> = external
    ? startExternalRelays(cluster, external, opts.store)
    : existing
    // The runtime found it running on every lock node's host when the cluster started (harness/runtime/ssh/existing-service.ts).
    ? Promise.resolve({ endpoints: cluster.nodes.filter((n) => n.role === "lock").map((n) => `${n.host}:${existing.port}`), stop: async () => undefined })
    : startLockNodes(cluster, loaded, config.lock.adapter, opts, serviceSettings(config)).then((endpoints) => {
      opts.log?.(`lock service ready (${endpoints.length} node${endpoints.length === 1 ? "" : "s"})`);
      opts.trace?.("lock service ready");
      return { endpoints, stop: async () => undefined };
    });
  let lock: LockEndpoints;
  try {
    [lock] = await startTogether<[LockEndpoints, undefined]>([lockStarted, storageStarted], () => killServiceNodes(cluster, existing !== undefined));
  } catch (error) {
    await lockStarted.then((started) => started.stop(), () => undefined);
    throw error;
  }
  try {
    const early = { lock: lock.endpoints, storage: storageEndpoints(storageNodes) };
    const first = await bothSettled(runPreflight(probe, config, loaded, lock.endpoints), opts.whilePreflight?.(early));
    const notes = [...runNotes(loaded, external), ...(existing ? [existingNote(loaded.name, existing)] : [])];
    opts.store.writeFile("services.json", JSON.stringify({
      lock: { adapter: loaded.name, token: loaded.adapter.info?.token ?? "declared by the module", external: external ?? null, existing: existing ?? null,
        endpoints: lock.endpoints, preflightToken: first.token ?? null },
      storage: { kind: config.storage.kind, endpoints: storageEndpoints(storageNodes) },
      nodes: cluster.nodes.map((n) => ({ id: n.id, role: n.role, host: n.host, ...(config.ssh?.placement?.[n.id] ? { sshHost: config.ssh.placement[n.id] } : {}) })),
      notes,
    }, null, 2) + "\n");
    return { lock: lock.endpoints, storage: storageEndpoints(storageNodes), notes, stop: lock.stop };
  } catch (error) {
    await lock.stop();
    throw error;
  }
}

/** The lock service's endpoints for clients, and how to stop the harness's part of it (relays). */
interface LockEndpoints {
  readonly endpoints: readonly string[];
  stop(): Promise<void>;
}

/** Ends the starts still under way on lock and storage nodes: their processes are killed, so their readiness waits fail at once (an existing lock service is left alone: nothing of it was starting). */
async function killServiceNodes(cluster: Cluster, existingLock: boolean): Promise<void> {
  const nodes = cluster.nodes.filter((n) => n.role !== "client" && !(existingLock && n.role === "lock"));
  await Promise.all(nodes.map((n) => cluster.kill(n.id).catch(() => undefined)));
}

/** Time for the preflight probe to start and load the adapter, besides its connect and acquire. */
const PROBE_START_MS = 5_000;

/** The preflight's probe on the first client node, started ahead (`startLockProbe`); undefined when the run has no client node. */
function startPreflightProbe(cluster: Cluster, loaded: LoadedLockAdapter, store: RunStore): StartedProbe | undefined {
  const client = cluster.nodes.find((n) => n.role === "client");
  if (client === undefined) return undefined;
  return startLockProbe(cluster, {
    node: client.id, service: loaded.name, logFile: join(store.nodeDir(client.id), "preflight.log"),
    ...(loaded.builtIn ? { env: withoutUnusedCaCerts() } : {}),
  });
}

/**
 * Takes and releases one lock from a client node. Each adapter call has the
 * run's acquire timeout, and acquires the service refuses are tried again
 * for up to PREFLIGHT_RETRY_MS; a probe that ends without a lease, or that the
 * adapter keeps too busy to answer, fails the run naming it (`preflightSilence`:
 * exit 255 for a built-in adapter, 254 for a user's module).
 */
async function runPreflight(probe: StartedProbe | undefined, config: RunConfig, loaded: LoadedLockAdapter, endpoints: readonly string[]): Promise<ProbeAnswer> {
  if (probe === undefined) throw new HarnessError("config.invalid", "Cannot check the lock service: the run has no client node");
  const timeoutMs = config.workload.acquireTimeoutMs;
  const silence = (): HarnessError => preflightSilence(loaded, "acquire", timeoutMs);
  const answer = await probe.run([
    "preflight", "--adapter", config.lock.adapter, "--endpoints", endpoints.join(","), "--timeout-ms", String(timeoutMs),
  ], PROBE_START_MS + PREFLIGHT_RETRY_MS + 2 * timeoutMs, silence);
  if (!("token" in answer)) throw silence();
  return answer;
}

/** Waits for both; throws the first one's error before the second's. */
async function bothSettled<T>(first: Promise<T>, second: Promise<void> | undefined): Promise<T> {
  const [a, b] = await Promise.allSettled([first, second ?? Promise.resolve()]);
  if (a.status === "rejected") throw a.reason;
  if (b.status === "rejected") throw b.reason;
  return a.value;
}

function storageEndpoints(nodes: readonly ClusterNode[]): string[] {
  return nodes.map((n) => `${n.host}:${SERVICE_PORTS.storage}`);
}

function firstClient(cluster: Cluster): ClusterNode {
  const node = cluster.nodes.find((n) => n.role === "client");
  if (!node) throw new HarnessError("config.invalid", "Cannot check the lock service: the run has no client node");
  return node;
}

/** The run's choices an adapter's `service.start` receives (only those given). */
function serviceSettings(config: RunConfig): LockServiceSettings {
  const { quorum, witnesses } = config.lock;
  return {
    ...(quorum === undefined ? {} : { quorum }), ...(witnesses === undefined ? {} : { witnesses }),
    ...(config.volatileServices ? { volatile: true } : {}),
    ttlMs: config.workload.ttlMs,
  };
}

async function startLockNodes(
  cluster: Cluster, loaded: LoadedLockAdapter, source: string, opts: Pick<StartServicesOptions, "store" | "readiness" | "injectsClocks">, settings: LockServiceSettings,
): Promise<string[]> {
  const { store, readiness } = opts;
  const service = loaded.adapter.service;
  if (!service) {
    throw new HarnessError("config.invalid", `Cannot start lock service "${loaded.name}": its adapter has no "service" (give --endpoints host:port,... of a running one)`);
  }
  const nodes: LockServiceNode[] = cluster.nodes.filter((n) => n.role === "lock").map((n) => ({
    id: n.id, host: n.host, port: SERVICE_PORTS.lock, dataDir: join(store.nodeDir(n.id), "data"),
  }));
  const start = async (node: LockServiceNode): Promise<LockServiceLaunch> => {
    mkdirSync(node.dataDir, { recursive: true });
    const launch = service.start(node, nodes, settings);
    // An image may run as a user of its own: its data directory must take that user's writes.
    if (launch.image !== undefined) chmodSync(node.dataDir, 0o777);
    checkLaunchFiles(loaded.name, node.dataDir, launch.files ?? []);
    await writeLaunchFiles(cluster, node.id as NodeId, launch.files ?? []);
    await cluster.startProcess(node.id as NodeId, {
      argv: launch.argv, ...(launch.env || loaded.builtIn ? { env: { ...(loaded.builtIn ? withoutUnusedCaCerts() : {}), ...launch.env } } : {}),
      ...processClock(lockClockTool({ declared: service.clock, reach: service.clock ? "unknown" : launchReach(launch).reach, injects: opts.injectsClocks, image: launch.image !== undefined })),
      logFile: join(store.nodeDir(node.id), "service.log"), readyPort: clientPort(node, launch), readyTimeoutMs: launch.readyTimeoutMs ?? 10_000,
      ...(launch.image !== undefined ? { image: { name: launch.image, ...(launch.user ? { user: launch.user } : {}), ports: launch.ports ?? [node.port] } } : {}),
    });
    return launch;
  };
  const ready = async (node: LockServiceNode, launch: LockServiceLaunch): Promise<void> => {
    if (!launch.ready) return;
    const readyTimeoutMs = launch.readyTimeoutMs ?? 10_000;
    await runLockProbe(cluster, node.id as NodeId, loaded.name, [
      "ready", "--adapter", source, "--node", JSON.stringify(node),
      "--peers", JSON.stringify(nodes), "--settings", JSON.stringify(settings), "--timeout-ms", String(readyTimeoutMs),
    ], readyTimeoutMs + 5000);
  };
  const launches: LockServiceLaunch[] = [];
  const register = (): void => {
    nodes.forEach((node, i) => {
      const launch = launches[i];
      if (launch?.ready) readiness?.set(node.id as NodeId, () => ready(node, launch));
    });
  };
  if (service.startOrder === "one-by-one") {
    for (const node of nodes) launches.push(await start(node));
    await Promise.all(nodes.map((node, i) => ready(node, launches[i] as LockServiceLaunch)));
  } else {
    launches.push(...await Promise.all(nodes.map(async (node) => {
      const launch = await start(node);
      await ready(node, launch);
      return launch;
    })));
  }
  register();
  return nodes.map((n, i) => `${n.host}:${clientPort(n, launches[i] as LockServiceLaunch)}`);
}

/** The port clients reach a lock node's service on: an image's first declared port, else the node's. */
function clientPort(node: LockServiceNode, launch: LockServiceLaunch): number {
  return launch.ports?.[0] ?? node.port;
}

function existingNote(name: string, existing: ExistingService): string {
  return `Lock service "${name}" was already running on the lock nodes' hosts: fencecheck did not install, configure or start it; pause stops the PIDs \`${existing.pid}\` prints, kill runs \`${existing.stop}\`, restart \`${existing.start}\`, and the run leaves it running`;
}

function runNotes(loaded: LoadedLockAdapter, external: readonly string[] | undefined): string[] {
  const notes: string[] = [];
  if (external) {
    notes.push(`Lock service "${loaded.name}" runs outside the harness at ${external.join(",")}: partition and pause faults do not reach it (they still reach clients and storage)`);
  }
  if (loaded.adapter.info?.token === null) {
    notes.push(`Lock service "${loaded.name}" grants no fencing token: writes reach storage without one, so storage cannot tell a stale holder's write from a current one`);
  }
  return notes;
}
