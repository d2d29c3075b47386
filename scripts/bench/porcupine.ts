/**
 * Runs porcupine beside fencecheck: builds our driver (scripts/porcupine-driver,
 * which imports porcupine as a Go module) against the source at
 * PORCUPINE_DIR, in a temporary directory and offline, and times porcupine on
 * histories fencecheck has already converted, so both read them the same way.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isUnknown, type PreparedCheck, type Verdict } from "../../checkers/index.js";

/** Porcupine's verdict and check times on one history. */
export interface PorcupineTiming {
  readonly result: Verdict | "unsupported model";
  /** The median of the repeats, which come after a first pass over every history. */
  readonly ms: number;
  /** Its check in that first pass. */
  readonly firstMs: number;
}

/** A built driver: `time` checks histories, `dispose` removes the build. */
export interface PorcupineDriver {
  readonly source: string;
  time(histories: readonly PreparedCheck[], repeat: number): PorcupineTiming[];
  dispose(): void;
}

/** Builds the driver, or returns why porcupine cannot be run here. */
export function buildDriver(root: string, porcupineDir: string | undefined): PorcupineDriver | string {
  if (porcupineDir === undefined) return "PORCUPINE_DIR is not set";
  if (!existsSync(join(porcupineDir, "go.mod"))) return `no porcupine source (go.mod) at PORCUPINE_DIR=${porcupineDir}`;
  const dir = mkdtempSync(join(tmpdir(), "fencecheck-porcupine-"));
  const env = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" };
  try {
    cpSync(join(root, "scripts", "porcupine-driver"), dir, { recursive: true });
    execFileSync("go", ["mod", "edit", `-replace=github.com/anishathalye/porcupine=${porcupineDir}`], { cwd: dir, env, stdio: "pipe" });
    execFileSync("go", ["build", "-o", "driver", "."], { cwd: dir, env, stdio: "pipe" });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const e = error as NodeJS.ErrnoException & { stderr?: Buffer };
    return e.code === "ENOENT" ? "Go is not installed (apt-get install -y golang-go)" : `the driver did not build: ${String(e.stderr ?? e.message).trim()}`;
  }
  const binary = join(dir, "driver");
  return {
    source: porcupineDir,
    time(histories, repeat) {
      const request = JSON.stringify({ repeat, timeoutMs: 0, jobs: histories.map(job) });
      const out = execFileSync(binary, [], { input: request, maxBuffer: 1 << 26, encoding: "utf8" });
      return out.trim().split("\n").map((line) => {
        const [result = "", ms = "", firstMs = ""] = line.split("\t");
        return { result: result as PorcupineTiming["result"], ms: Number(ms), firstMs: Number(firstMs) };
      });
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** How the driver reads one model's inputs, outputs and initial value. */
interface Codec {
  readonly model: string;
  input(input: unknown): unknown;
  output(output: unknown): unknown;
  initial(prepared: PreparedCheck): unknown;
}

type Rec = Record<string, unknown>;
const same = (x: unknown): unknown => x;
const registerCodec: Codec = {
  model: "register",
  input: (i) => [(i as Rec).f, scalar((i as Rec).a), scalar((i as Rec).b)],
  output: scalar,
  initial: (p) => scalar(p.model.init()),
};
const microOps = (ops: unknown): unknown => (ops as Rec[]).map((m) => [m.write, m.key, scalar(m.value)]);
const mutexInput = (i: unknown): unknown => [(i as Rec).acquire, (i as Rec).process];
const kvInput = (i: unknown): unknown => [(i as Rec).f, (i as Rec).key, (i as Rec).value];
const kvInitial = (p: PreparedCheck): unknown => (p.initial === undefined || p.initial === null ? "" : String(p.initial));

const CODECS: Record<string, Codec> = {
  register: registerCodec,
  "cas-register": registerCodec,
  "etcd-register": registerCodec,
  kv: { model: "kv", input: kvInput, output: same, initial: kvInitial },
  "kv-nopartition": { model: "kv-nopartition", input: kvInput, output: same, initial: kvInitial },
  mutex: { model: "mutex", input: mutexInput, output: same, initial: (p) => p.model.init() },
  "owned-mutex": { model: "owned-mutex", input: mutexInput, output: same, initial: (p) => p.model.init() },
  "multi-register": {
    model: "multi-register",
    input: microOps,
    output: microOps,
    initial: (p) => Object.fromEntries(Object.entries(p.model.init() as Rec).map(([k, v]) => [k, scalar(v)])),
  },
};

/** One history as the driver reads it (see scripts/porcupine-driver/main.go). */
function job(prepared: PreparedCheck): unknown {
  const codec = CODECS[prepared.modelName];
  if (codec === undefined) return { model: prepared.modelName, initial: null, ops: [] };
  const ops = prepared.operations.map((op) => [
    op.clientId,
    op.call,
    op.return === Infinity ? -1 : op.return,
    codec.input(op.input),
    isUnknown(op.output) ? { unknown: true } : codec.output(op.output),
  ]);
  return { model: codec.model, initial: codec.initial(prepared), ops };
}

/** A scalar as the driver compares it: tagged strings, so Go's == is JavaScript's ===. */
function scalar(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === "boolean") return value ?? null;
  if (typeof value === "string") return `s:${value}`;
  if (typeof value === "number") return `n:${value}`;
  if (typeof value === "bigint") return `b:${value}`;
  return `j:${JSON.stringify(value)}`;
}
