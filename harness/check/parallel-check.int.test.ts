import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createRng } from "../core/index.js";
import { generateKvHistory, parseModelArg, prepareCheck, type JepsenOp } from "../../checkers/index.js";

// Worker threads load the compiled worker: run `npm run build` first.
const built = fileURLToPath(new URL("../../dist/harness/check/parallel-check.js", import.meta.url));

describe.skipIf(!existsSync(built))("checkParallel on worker threads (needs npm run build)", () => {
  it("checks large partitions on workers and finds an illegal one", async () => {
    const { checkParallel } = (await import(built)) as typeof import("./parallel-check.js");
    const ops = generateKvHistory({ ops: 9000, clients: 6, keys: 3, rng: createRng(3) });
    const ok = await checkParallel(prepareCheck(ops, "g", "edn", parseModelArg("kv")), { workers: 2 });
    expect(ok.result).toBe("ok");
    expect(ok.info?.partitions).toHaveLength(3);
    const bogus: JepsenOp[] = [
      { process: 99, type: "invoke", f: "get", key: "0", value: null, line: 0 },
      { process: 99, type: "ok", f: "get", key: "0", value: "never", line: 0 },
    ];
    const bad = await checkParallel(prepareCheck([...bogus, ...ops], "g", "edn", parseModelArg("kv")), { workers: 2 });
    expect(bad.result).toBe("illegal");
  });
});
