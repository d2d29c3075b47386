/** The run's headline numbers. */
import { pairs } from "../harness/core/index.js";
/** Counts client invocations, processes, grants and write outcomes, plus the checkers' counts. Pure. */
export function summaryCounts(input) {
    const clients = new Set();
    let ops = 0, grants = 0, ok = 0, rejected = 0, indeterminate = 0;
    for (const { invoke, completion } of pairs(input.history)) {
        if (typeof invoke.process !== "number")
            continue;
        ops++;
        clients.add(invoke.process);
        if (invoke.f === "acquire" && completion?.type === "ok")
            grants++;
        if (invoke.f !== "write")
            continue;
        if (completion?.type === "ok")
            ok++;
        else if (completion?.type === "fail")
            rejected++;
        else
            indeterminate++;
    }
    const { fencing, leaseOverlap, finalState } = input;
    return {
        ops, clients: clients.size, grants, writesAcknowledged: ok, writesRejected: rejected, writesIndeterminate: indeterminate,
        faults: input.faults,
        staleAccepted: fencing?.violations.length, staleRejected: fencing?.staleRejected,
        overlaps: leaseOverlap?.overlaps.length, overlapsBeforeExpiry: leaseOverlap?.overlaps.filter((o) => o.certain).length,
        lostUpdates: finalState?.lostUpdates.length,
    };
}
//# sourceMappingURL=summary.js.map