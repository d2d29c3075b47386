/**
 * The nodes of a run, derived from its configuration alone, so that
 * generators and nemeses can name them before anything starts:
 * lock nodes l1..lN, storage nodes s1..sN, client nodes c1..cN.
 */
import { nodeId } from "./op.js";
/** All nodes of a run, lock nodes first. */
export function runNodes(config) {
    const lockNodes = config.lock.endpoints?.length ? 0 : config.lock.nodes;
    return [
        ...numbered("l", lockNodes, "lock"),
        ...numbered("s", config.storage.nodes, "storage"),
        ...numbered("c", config.workload.clients, "client"),
    ];
}
/** The client node that thread `thread` runs on. */
export function clientNode(thread) {
    return nodeId(`c${thread + 1}`);
}
/** The resources (storage keys) a workload spreads over: r1..rN. */
export function resourceNames(count) {
    return Array.from({ length: count }, (_, i) => `r${i + 1}`);
}
function numbered(prefix, count, role) {
    return Array.from({ length: count }, (_, i) => ({ id: nodeId(`${prefix}${i + 1}`), role }));
}
//# sourceMappingURL=topology.js.map