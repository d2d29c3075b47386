/**
 * Turns `fencecheck run` options into a RunConfig. Pure apart from the
 * injected `cwd` (relative paths) and `defaultSeed`; unit-tested.
 */
import { isAbsolute, resolve } from "node:path";
import { checkRunName, defaultHold, HarnessError, parseHold, shortestHold, type LeaseCheck, type RunConfig, type RuntimeKind, type StorageKind } from "../../core/index.js";
import { DEFAULT_WORKLOAD, findStorageKind, findWorkload, storageKinds } from "../../workloads/index.js";
import { shellLine } from "../runtime/index.js";

/** The raw options commander hands over (all strings, as typed). */
export interface RunOptions {
  readonly lock: string;
  readonly endpoints?: string;
  /** Undefined: the adapter's own node count is filled in later (resolveLockService). */
  readonly lockNodes?: string;
  /** Votes per decision of a replicated lock service (`quorum` adapter). */
  readonly lockQuorum?: string;
  /** Lock nodes that are witnesses (`quorum` adapter). */
  readonly lockWitnesses?: string;
  readonly storage: string;
  readonly storageNodes: string;
  /** A workload's name (workloads/registry.ts); lock-write when absent. */
  readonly workload?: string;
  readonly nemesis: string;
  readonly nemesisInterval: string;
  readonly faultOpt: readonly string[];
  readonly timeLimit: string;
  readonly seed?: string;
  readonly clients: string;
  readonly resources: string;
  readonly ttlMs: string;
  /** One value or a range "50..1500"; the default mix of hold.ts when absent. */
  readonly holdMs?: string;
  readonly acquireTimeoutMs: string;
  readonly singleWriter?: boolean;
  /** `--agent-per-client`: each client in its own agent process, even in a run without faults. */
  readonly agentPerClient?: boolean;
  /** `--volatile-services`: our services answer without fsync. */
  readonly volatileServices?: boolean;
  readonly leaseCheck?: string;
  readonly writeDelayMs?: string;
  readonly opTimeoutMs: string;
  readonly store: string;
  readonly name?: string;
  readonly runtime: string;
}

/** What options-to-config needs from the outside world. */
export interface ConfigEnv {
  readonly cwd: string;
  readonly defaultSeed: number;
  /** The command line as typed, for the report's "run it again". */
  readonly argv: readonly string[];
}

/** The runtimes `--runtime` accepts. */
const RUNTIMES: readonly RuntimeKind[] = ["local", "docker", "ssh"];

/** Every storage kind `--storage` accepts (the storage registry's names). */
export const STORAGE_KINDS: readonly StorageKind[] = storageKinds().map((k) => k.name);

/** Validates options and resolves them into a RunConfig; throws "config.invalid" naming the bad option. */
export function optionsToConfig(opts: RunOptions, env: ConfigEnv): RunConfig {
  if (!RUNTIMES.includes(opts.runtime as RuntimeKind)) invalid(`--runtime "${opts.runtime}" is not available (known: ${RUNTIMES.join(", ")})`);
  findStorageKind(opts.storage);
  const workload = findWorkload(opts.workload ?? DEFAULT_WORKLOAD).name;
  const faults = opts.nemesis.split(",").map((s) => s.trim()).filter((s) => s !== "" && s !== "none");
  const endpoints = opts.endpoints?.split(",").map((s) => s.trim()).filter(Boolean);
  const seed = opts.seed === undefined ? env.defaultSeed : integer("--seed", opts.seed, 0);
  const adapter = /[/\\.]/.test(opts.lock) && !isAbsolute(opts.lock) ? resolve(env.cwd, opts.lock) : opts.lock;
  const ttlMs = integer("--ttl-ms", opts.ttlMs, 50);
  const hold = opts.holdMs === undefined ? defaultHold(ttlMs) : parseHold(opts.holdMs);
  if (!hold) invalid(`--hold-ms "${opts.holdMs}" is not a number of ms or a range like 50..1500`);
  const config: RunConfig = {
    name: checkRunName(opts.name ?? `${baseName(opts.lock)}${workload === DEFAULT_WORKLOAD ? "" : `-${workload}`}-${opts.storage}-${faults.join("+") || "none"}`),
    seed,
    runtime: opts.runtime as RuntimeKind,
    lock: {
      adapter, nodes: integer("--lock-nodes", opts.lockNodes ?? "1", 1), ...(endpoints?.length ? { endpoints } : {}),
      ...(opts.lockQuorum === undefined ? {} : { quorum: integer("--lock-quorum", opts.lockQuorum, 1) }),
      ...(opts.lockWitnesses === undefined ? {} : { witnesses: integer("--lock-witnesses", opts.lockWitnesses, 0) }),
    },
    storage: { kind: opts.storage as StorageKind, nodes: integer("--storage-nodes", opts.storageNodes, 1) },
    workload: {
      name: workload,
      clients: integer("--clients", opts.clients, 1),
      resources: integer("--resources", opts.resources, 1),
      ttlMs,
      holdMs: shortestHold(hold),
      hold,
      acquireTimeoutMs: integer("--acquire-timeout-ms", opts.acquireTimeoutMs, 1),
      ...(opts.singleWriter ? { singleWriter: true } : {}),
      ...(opts.agentPerClient ? { agentPerClient: true as const } : {}),
      ...(opts.leaseCheck && opts.leaseCheck !== "none" ? { leaseCheck: leaseCheck(opts.leaseCheck) } : {}),
      ...(opts.writeDelayMs && opts.writeDelayMs !== "0" ? { writeDelayMs: integer("--write-delay-ms", opts.writeDelayMs, 0) } : {}),
    },
    nemesis: {
      faults,
      intervalMs: Math.round(seconds("--nemesis-interval", opts.nemesisInterval) * 1000),
      options: faultOptions(opts.faultOpt),
    },
    timeLimitMs: Math.round(seconds("--time-limit", opts.timeLimit) * 1000),
    opTimeoutMs: integer("--op-timeout-ms", opts.opTimeoutMs, 100),
    storeDir: resolve(env.cwd, opts.store),
    ...(opts.volatileServices ? { volatileServices: true as const } : {}),
    command: "",
  };
  if (config.workload.singleWriter && config.workload.resources < config.workload.clients) {
    invalid(`--single-writer needs a resource per client: --resources ${config.workload.resources} is below --clients ${config.workload.clients}`);
  }
  return { ...config, command: rerunCommand(env.argv, seed, opts.seed === undefined) };
}

/** "pause-holder.durationMs=3000" -> { "pause-holder": { durationMs: 3000 } } */
export function faultOptions(pairs: readonly string[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const pair of pairs) {
    const m = /^([\w-]+)\.(\w+)=(.*)$/.exec(pair);
    if (!m) invalid(`--fault-opt "${pair}" must look like fault.option=value (for example pause-holder.durationMs=3000)`);
    const [, fault, key, raw] = m as unknown as [string, string, string, string];
    const num = Number(raw);
    (out[fault] ??= {})[key] = raw !== "" && Number.isFinite(num) ? num : raw;
  }
  return out;
}

function rerunCommand(argv: readonly string[], seed: number, seedWasDefault: boolean): string {
  const words = ["fencecheck", ...argv, ...(seedWasDefault ? ["--seed", String(seed)] : [])];
  return shellLine(words);
}

function leaseCheck(raw: string): LeaseCheck {
  if (raw === "skip" || raw === "self-fence") return raw;
  invalid(`--lease-check "${raw}" is not a lease check (known: none, skip, self-fence)`);
}

function baseName(lock: string): string {
  return lock.split(/[\\/]/).at(-1)?.replace(/\.[cm]?[jt]s$/, "") ?? lock;
}

function integer(flag: string, raw: string, min: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) invalid(`${flag} "${raw}" must be an integer of at least ${min}`);
  return n;
}

function seconds(flag: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) invalid(`${flag} "${raw}" must be a positive number of seconds`);
  return n;
}

function invalid(message: string): never {
  throw new HarnessError("config.invalid", `Cannot run: ${message}`);
}
