import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createRng } from "../../core/index.js";
import { generateKvHistory, type JepsenOp } from "../../checkers/index.js";

// Worker threads load the compiled worker: run `npm run build` first. The
// models come from the same compiled modules (one ILLEGAL symbol).
const built = fileURLToPath(new URL("../../dist/harness/check/parallel-check.js", import.meta.url));
const checkers = fileURLToPath(new URL("../../dist/checkers/index.js", import.meta.url));
const { parseModelArg, prepareCheck } = existsSync(checkers) ? ((await import(checkers)) as typeof import("../../checkers/index.js")) : ({} as never);
const corpus = process.env.FENCECHECK_CORPUS ?? fileURLToPath(new URL("../../../shared/corpus", import.meta.url));
const c50bad = `${corpus}/porcupine/kv/c50-bad.txt`;
const load = async () => ((await import(built)) as typeof import("./parallel-check.js")).checkParallel;

function bogusGet(key: string): JepsenOp[] {
  return [
    { process: 99, type: "invoke", f: "get", key, value: null, line: 0 },
    { process: 99, type: "ok", f: "get", key, value: "never", line: 0 },
  ];
}

describe("what these tests need, under CI", () => {
  // A missing build or corpus must never switch these tests off silently: under CI=true it fails.
  it.runIf(process.env.CI === "true")("is there: the build and the c50-bad history", () => {
    expect(existsSync(built), `no build at ${built} (run npm run build)`).toBe(true);
    expect(existsSync(c50bad), `no corpus history at ${c50bad} (set FENCECHECK_CORPUS or keep ../shared/corpus beside the repo)`).toBe(true);
  });
});

describe.skipIf(!existsSync(built))("checkParallel on worker threads (needs npm run build)", () => {
  it("checks every partition across threads and says ok", async () => {
    const checkParallel = await load();
    const ops = generateKvHistory({ ops: 3000, clients: 6, keys: 5, rng: createRng(3) });
    const ok = await checkParallel(prepareCheck(ops, "g", "edn", parseModelArg("kv")), { workers: 2, workersAfterMs: 0 });
    expect(ok.result).toBe("ok");
    expect(ok.info?.partitions.map((p) => p.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it("finds an illegal partition whichever thread checks it", async () => {
    const checkParallel = await load();
    const ops = generateKvHistory({ ops: 3000, clients: 6, keys: 5, rng: createRng(4) });
    for (const key of ["0", "1", "2", "3", "4"]) {
      const bad = await checkParallel(prepareCheck([...ops, ...bogusGet(key)], "g", "edn", parseModelArg("kv")), { workers: 2, workersAfterMs: 0 });
      expect(bad.result, `bogus get on key ${key}`).toBe("illegal");
    }
  });

  it("waits for a worker's illegal partition found while this thread was still searching", async () => {
    const checkParallel = await load();
    const big = generateKvHistory({ ops: 60_000, clients: 10, keys: 1, rng: createRng(6) });
    const r = await checkParallel(prepareCheck([...big, ...bogusGet("other")], "g", "edn", parseModelArg("kv")), { workers: 2, workersAfterMs: 0 });
    expect(r.result).toBe("illegal");
    expect(r.info?.partitions.map((p) => p.outcome.result)).toEqual(["illegal"]);
  });

  it.skipIf(!existsSync(c50bad))("finds c50-bad illegal on one thread although its largest partitions take minutes", async () => {
    const checkParallel = await load();
    const { readHistoryFile } = (await import(fileURLToPath(new URL("../../dist/harness/check/read-history.js", import.meta.url)))) as typeof import("./read-history.js");
    const parsed = readHistoryFile(c50bad);
    const r = await checkParallel(prepareCheck(parsed.ops, c50bad, parsed.format, parseModelArg("kv")), { workers: 1, timeoutMs: 20_000 });
    expect(r.result).toBe("illegal");
  }, 30_000);

  it("gives unknown, not a verdict, past the memory bound", async () => {
    const checkParallel = await load();
    const ops = generateKvHistory({ ops: 1500, clients: 20, keys: 5, rng: createRng(5) });
    const r = await checkParallel(prepareCheck(ops, "g", "edn", parseModelArg("kv-nopartition")), { maxMemoryBytes: 1024 * 1024, timeoutMs: 20_000 });
    expect(r.result).toBe("unknown");
    expect(r.info?.partitions[0]?.outcome.reason).toBe("memory");
  });
});
