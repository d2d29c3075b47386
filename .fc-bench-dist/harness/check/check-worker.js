/**
 * Worker-thread entry: checks the partitions the pool sends, one message
 * each, and posts back the partition's info. The model is rebuilt here from
 * its name and initial value (functions do not cross threads).
 */
import { parentPort } from "node:worker_threads";
import { checkPartition, isUnknown, modelSpec, UNKNOWN, } from "../../checkers/index.js";
import { createSystemClock } from "../core/index.js";
const port = parentPort;
if (port) {
    const clock = createSystemClock();
    port.on("message", (job) => {
        const model = modelSpec(job.modelName).model(job.initial);
        const ops = job.operations.map((op) => isUnknown(op.output) ? { ...op, output: UNKNOWN } : op);
        const deadline = clock.nowNs() + job.remainingMs * 1e6;
        const limits = { expired: () => clock.nowNs() >= deadline, maxBytes: job.maxMemoryBytes };
        port.postMessage(checkPartition(model, ops, limits, job.index));
    });
}
//# sourceMappingURL=check-worker.js.map