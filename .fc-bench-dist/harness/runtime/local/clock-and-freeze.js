/**
 * The clock and freeze primitives of a local cluster, kept beside
 * `local-cluster.ts`: fake clocks through libfaketime (when the cluster was
 * started with `clock`) and whole-node freezes through the freezer cgroup.
 * Each fault is checked to have taken effect.
 */
import { HarnessError } from "../../core/index.js";
import { createNodeClocks } from "./node-clocks.js";
import { createNodeFreezer } from "./node-freezer.js";
/** How far a node's clock may read from the asked offset and still count as skewed. */
export const CLOCK_TOLERANCE_MS = 150;
/** Creates the primitives; throws "prerequisite.missing" if clocks are asked for without libfaketime. */
export function createClockAndFreeze(parts) {
    const { clock, runId } = parts;
    const clocks = parts.fakeClock
        ? createNodeClocks({ runId, stateDir: parts.stateDir, clock, options: parts.fakeClock })
        : undefined;
    const freezer = createNodeFreezer({ runId, table: parts.table, clock });
    async function readClock(node) {
        const namespace = parts.namespaceOf(node);
        if (!clocks)
            return { node, offsetMs: 0 };
        return clocks.read(node, namespace);
    }
    return {
        async setClock(node, skew) {
            if (!clocks) {
                throw new HarnessError("nemesis.unsupported-fault", `Cannot skew the clock of node "${node}": the cluster was started without fake clocks`);
            }
            parts.namespaceOf(node);
            clocks.set(node, skew);
            const reading = await clocks.read(node, parts.namespaceOf(node));
            const expected = clocks.expectedOffset(node, clock.wallMs());
            if (Math.abs(reading.offsetMs - expected) > CLOCK_TOLERANCE_MS) {
                throw new HarnessError("nemesis.fault-not-applied", `Cannot skew the clock of node "${node}": it reads ${reading.offsetMs} ms from real time, not ${Math.round(expected)} ms`);
            }
        },
        readClock,
        async freeze(node) {
            parts.namespaceOf(node);
            await freezer.freeze(node);
        },
        async thaw(node) {
            parts.namespaceOf(node);
            freezer.thaw(node);
        },
        envFor: (node, spec) => (clocks && spec.fakeClock !== false ? clocks.envFor(node) : undefined),
        thawAll: () => freezer.thawAll(),
        async cleanup() {
            await freezer.removeAll(clock);
            clocks?.remove();
        },
    };
}
//# sourceMappingURL=clock-and-freeze.js.map