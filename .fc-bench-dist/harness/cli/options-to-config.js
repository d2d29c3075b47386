/**
 * Turns `fencecheck run` options into a RunConfig. Pure apart from the
 * injected `cwd` (relative paths) and `defaultSeed`; unit-tested.
 */
import { isAbsolute, resolve } from "node:path";
import { HarnessError } from "../core/index.js";
/** The runtimes `--runtime` accepts. */
const RUNTIMES = ["local", "docker"];
/** Every storage kind `--storage` accepts. */
export const STORAGE_KINDS = ["fenced", "unfenced", "cas", "file", "postgres-fenced", "postgres-unfenced"];
/** Validates options and resolves them into a RunConfig; throws "config.invalid" naming the bad option. */
export function optionsToConfig(opts, env) {
    if (!RUNTIMES.includes(opts.runtime))
        invalid(`--runtime "${opts.runtime}" is not available (known: ${RUNTIMES.join(", ")})`);
    if (!STORAGE_KINDS.includes(opts.storage)) {
        invalid(`--storage "${opts.storage}" is not a storage kind (known: ${STORAGE_KINDS.join(", ")})`);
    }
    const faults = opts.nemesis.split(",").map((s) => s.trim()).filter((s) => s !== "" && s !== "none");
    const endpoints = opts.endpoints?.split(",").map((s) => s.trim()).filter(Boolean);
    const seed = opts.seed === undefined ? env.defaultSeed : integer("--seed", opts.seed, 0);
    const adapter = /[/\\.]/.test(opts.lock) && !isAbsolute(opts.lock) ? resolve(env.cwd, opts.lock) : opts.lock;
    const ttlMs = integer("--ttl-ms", opts.ttlMs, 50);
    const config = {
        name: opts.name ?? `${baseName(opts.lock)}-${opts.storage}-${faults.join("+") || "none"}`,
        seed,
        runtime: opts.runtime,
        lock: {
            adapter, nodes: integer("--lock-nodes", opts.lockNodes ?? "1", 1), ...(endpoints?.length ? { endpoints } : {}),
            ...(opts.lockQuorum === undefined ? {} : { quorum: integer("--lock-quorum", opts.lockQuorum, 1) }),
            ...(opts.lockWitnesses === undefined ? {} : { witnesses: integer("--lock-witnesses", opts.lockWitnesses, 0) }),
        },
        storage: { kind: opts.storage, nodes: integer("--storage-nodes", opts.storageNodes, 1) },
        workload: {
            name: "lock-write",
            clients: integer("--clients", opts.clients, 1),
            resources: integer("--resources", opts.resources, 1),
            ttlMs,
            holdMs: integer("--hold-ms", opts.holdMs, 0),
            acquireTimeoutMs: integer("--acquire-timeout-ms", opts.acquireTimeoutMs, 1),
            ...(opts.singleWriter ? { singleWriter: true } : {}),
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
        command: "",
    };
    if (config.workload.singleWriter && config.workload.resources < config.workload.clients) {
        invalid(`--single-writer needs a resource per client: --resources ${config.workload.resources} is below --clients ${config.workload.clients}`);
    }
    return { ...config, command: rerunCommand(env.argv, seed, opts.seed === undefined) };
}
/** "pause-holder.durationMs=3000" -> { "pause-holder": { durationMs: 3000 } } */
export function faultOptions(pairs) {
    const out = {};
    for (const pair of pairs) {
        const m = /^([\w-]+)\.(\w+)=(.*)$/.exec(pair);
        if (!m)
            invalid(`--fault-opt "${pair}" must look like fault.option=value (for example pause-holder.durationMs=3000)`);
        const [, fault, key, raw] = m;
        const num = Number(raw);
        (out[fault] ??= {})[key] = raw !== "" && Number.isFinite(num) ? num : raw;
    }
    return out;
}
function rerunCommand(argv, seed, seedWasDefault) {
    const words = ["fencecheck", ...argv, ...(seedWasDefault ? ["--seed", String(seed)] : [])];
    return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`)).join(" ");
}
function leaseCheck(raw) {
    if (raw === "skip" || raw === "self-fence")
        return raw;
    invalid(`--lease-check "${raw}" is not a lease check (known: none, skip, self-fence)`);
}
function baseName(lock) {
    return lock.split(/[\\/]/).at(-1)?.replace(/\.[cm]?[jt]s$/, "") ?? lock;
}
function integer(flag, raw, min) {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min)
        invalid(`${flag} "${raw}" must be an integer of at least ${min}`);
    return n;
}
function seconds(flag, raw) {
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0)
        invalid(`${flag} "${raw}" must be a positive number of seconds`);
    return n;
}
function invalid(message) {
    throw new HarnessError("config.invalid", `Cannot run: ${message}`);
}
//# sourceMappingURL=options-to-config.js.map