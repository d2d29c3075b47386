/**
 * The partition nemesis: `start-partition` applies a grudge (replacing any
 * earlier one), `stop-partition` heals every partition rule. Each is proved:
 * after the start, one grudged pair must fail to connect; after the heal,
 * the same pair must connect again (a refused connection counts: the path
 * works). A fault that did not take effect throws "nemesis.fault-not-applied",
 * which the run records on the op.
 */
import { HarnessError } from "../../harness/core/index.js";
import { grudgeFromRecord } from "./grudge.js";
const HEAL_PROBE_ATTEMPTS = 3;
/** Creates a partition nemesis; it remembers whether a grudge is in place, so teardown heals only then. */
export function partitionNemesis(opts = {}) {
    const timeoutMs = opts.probeTimeoutMs ?? 1000;
    let applied;
    return {
        fs: new Set(["start-partition", "stop-partition"]),
        setup: async () => undefined,
        async invoke(op, cluster) {
            const value = op.value;
            if (op.f === "start-partition") {
                const grudge = grudgeFromRecord(value.grudge);
                applied = { pair: probePair(grudge) };
                await cluster.partition(grudge);
                return { ...value, ...(await proveCut(cluster, applied.pair, timeoutMs)) };
            }
            const pair = applied?.pair;
            applied = undefined;
            await cluster.heal();
            return { ...value, ...(await proveHealed(cluster, pair, timeoutMs)) };
        },
        async teardown(cluster) {
            if (!applied)
                return;
            applied = undefined;
            await cluster.heal();
        },
    };
}
/** The first pair (in sorted order) where `to` drops `from`, if the grudge has one. */
export function probePair(grudge) {
    const entries = [...grudge].filter(([, dropped]) => dropped.size > 0).sort(([a], [b]) => a.localeCompare(b));
    const [first] = entries;
    if (!first)
        return undefined;
    const from = [...first[1]].sort()[0];
    return { from, to: first[0] };
}
async function proveCut(cluster, pair, timeoutMs) {
    if (!pair)
        return {};
    const result = await cluster.probe(pair.from, pair.to, { timeoutMs });
    if (result !== "timeout") {
        throw new HarnessError("nemesis.fault-not-applied", `Cannot partition node "${pair.to}" from "${pair.from}": a connection from "${pair.from}" still got an answer (${result})`);
    }
    return { probed: { ...pair, result } };
}
async function proveHealed(cluster, pair, timeoutMs) {
    if (!pair)
        return {};
    let result = "timeout";
    for (let attempt = 0; attempt < HEAL_PROBE_ATTEMPTS && result === "timeout"; attempt++) {
        result = await cluster.probe(pair.from, pair.to, { timeoutMs });
    }
    if (result === "timeout") {
        throw new HarnessError("nemesis.fault-not-applied", `Cannot heal the partition between "${pair.from}" and "${pair.to}": connections still time out after the heal`);
    }
    return { probed: { ...pair, result } };
}
//# sourceMappingURL=partition-nemesis.js.map