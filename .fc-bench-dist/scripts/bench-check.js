/**
 * `npm run bench:check`: the linearizability checker's figures. Checks the
 * porcupine corpus manifest (per-file check time, totals per model, against
 * porcupine's reference timings), the two stress cases at a 10 s timeout and
 * with the partitioned model, and two generated histories (a 100,000-op
 * register from 10 clients, a 1,000,000-op kv over 1,000 keys), printing
 * time and peak memory. Exit 1 when a corpus verdict differs.
 */
import { resourceUsage } from "node:process";
import { dirname, join, resolve } from "node:path";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateKvHistory, generateRegisterHistory, parseModelArg, prepareCheck, } from "../checkers/index.js";
import { checkFile, checkParallel, createRng, createSystemClock, readManifest, runManifest } from "../harness/index.js";
const REFERENCE_MS = { "etcd-register": 310, kv: 300 };
function peakMiB() {
    return `${(resourceUsage().maxRSS / 1024).toFixed(0)} MiB peak RSS`;
}
function print(line) {
    process.stdout.write(`${line}\n`);
}
async function corpus(dir) {
    print(`# corpus ${dir}/expected.tsv`);
    const summary = await runManifest(readManifest(join(dir, "expected.tsv")), {}, (o) => {
        const mark = o.matches ? "" : `  MISMATCH (expected ${o.row.expected})`;
        print(`${o.row.path.slice(dir.length + 1)}\t${o.row.modelText}\t${o.check.result.result}\t${o.check.checkMs.toFixed(1)} ms${mark}`);
    });
    const totals = new Map();
    for (const o of summary.outcomes)
        totals.set(o.row.modelText, (totals.get(o.row.modelText) ?? 0) + o.check.checkMs);
    for (const [model, ms] of totals) {
        const ref = REFERENCE_MS[model];
        const vs = ref === undefined ? "" : `  (porcupine ~${ref} ms: ${(ms / ref).toFixed(2)}x)`;
        print(`total ${model}\t${ms.toFixed(1)} ms${vs}`);
    }
    print(`corpus: ${summary.outcomes.length} checks, ${summary.totalMs.toFixed(1)} ms, ${summary.mismatches} mismatches, ${peakMiB()}`);
    return summary;
}
async function stress(dir) {
    print(`# stress ${dir}/stress.tsv`);
    for (const row of readManifest(join(dir, "stress.tsv"))) {
        const name = row.path.slice(dir.length + 1);
        const slow = await checkFile(row.path, { model: row.model, timeoutMs: 10_000 });
        print(`${name}\t${row.modelText}\t${slow.result.result} at 10 s timeout\t${slow.checkMs.toFixed(0)} ms\t${peakMiB()}`);
        const fast = await checkFile(row.path, { model: parseModelArg("kv") });
        const ok = fast.result.result === row.expected ? "matches" : `MISMATCH (expected ${row.expected})`;
        print(`${name}\tkv (partitioned)\t${fast.result.result} ${ok}\t${fast.checkMs.toFixed(1)} ms`);
    }
}
async function generated(label, model, make) {
    const clock = createSystemClock();
    const ops = make();
    const genMs = clock.nowNs() / 1e6;
    const prepared = prepareCheck(ops, label, "edn", parseModelArg(model));
    const start = clock.nowNs();
    const result = await checkParallel(prepared, {});
    const ms = (clock.nowNs() - start) / 1e6;
    print(`${label}\t${model}\t${result.result}\t${ms.toFixed(0)} ms check (${genMs.toFixed(0)} ms to generate and convert)\t${peakMiB()}`);
}
async function main() {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
    const dir = resolve(process.env.FENCECHECK_CORPUS ?? join(root, "..", "shared", "corpus", "porcupine"));
    const args = new Set(process.argv.slice(2));
    let mismatches = 0;
    if (existsSync(join(dir, "expected.tsv")))
        mismatches = (await corpus(dir)).mismatches;
    else
        print(`# corpus not found at ${dir}: skipped`);
    if (!args.has("--no-stress") && existsSync(join(dir, "stress.tsv")))
        await stress(dir);
    if (!args.has("--no-generated")) {
        print("# generated histories");
        await generated("register 100k ops, 10 clients", "cas-register", () => generateRegisterHistory({ ops: 100_000, clients: 10, rng: createRng(1) }));
        await generated("kv 1M ops, 1000 keys", "kv", () => generateKvHistory({ ops: 1_000_000, clients: 20, keys: 1000, rng: createRng(2) }));
    }
    return mismatches > 0 ? 1 : 0;
}
process.exitCode = await main();
//# sourceMappingURL=bench-check.js.map