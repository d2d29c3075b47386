/**
 * The processes a local cluster started, per node, and the signals it
 * sends them. Every signal goes to the process's whole process group.
 */
import { readFileSync } from "node:fs";
/** Creates an empty table. */
export function createProcessTable() {
    const all = new Map();
    const services = new Map();
    const paused = new Set();
    function live(node) {
        const lists = node === undefined ? [...all.values()] : [all.get(node) ?? []];
        return lists.flat().filter((proc) => proc.alive());
    }
    return {
        add(proc) {
            all.set(proc.node, [...(all.get(proc.node) ?? []).filter((p) => p.alive()), proc]);
            if ((proc.spec.kind ?? "service") !== "service")
                return;
            const specs = services.get(proc.node) ?? new Map();
            specs.set(proc.spec, proc);
            services.set(proc.node, specs);
        },
        live,
        deadServices(node) {
            return [...(services.get(node)?.values() ?? [])].filter((proc) => !proc.alive()).map((proc) => proc.spec);
        },
        signalNode(node, signal) {
            const procs = live(node);
            for (const proc of procs)
                proc.signalGroup(signal);
            if (signal === "SIGSTOP")
                paused.add(node);
            else
                paused.delete(node);
            return procs;
        },
        pausedNodes: () => [...paused],
    };
}
const STOP_POLL_MS = 2;
const STOP_POLL_ROUNDS = 250;
/**
 * Resolves once each process is in the stopped state ("T" in
 * /proc/<pid>/stat) or has exited, or after about half a second: SIGSTOP is
 * delivered asynchronously, and this narrows the gap to nothing in practice.
 */
export async function awaitStopped(procs, clock) {
    for (let round = 0; round < STOP_POLL_ROUNDS; round++) {
        if (procs.every((proc) => !proc.alive() || !isRunning(proc.pid)))
            return;
        await clock.sleep(STOP_POLL_MS);
    }
}
/** False once the process is stopped, a zombie, or gone (per /proc/<pid>/stat). */
function isRunning(pid) {
    try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const state = stat.charAt(stat.lastIndexOf(")") + 2);
        return !["T", "t", "Z", "X"].includes(state);
    }
    catch {
        return false;
    }
}
//# sourceMappingURL=process-table.js.map