/**
 * Worker-thread entry of a parallel check: claims partitions of the shared
 * job (workerData, a `WorkerJob`) like the main thread does, posting
 * `{ index, outcome }` for each it checks, then `{ done: true }`.
 */
import { parentPort, workerData } from "node:worker_threads";
import { isUnknown, modelSpec, UNKNOWN, type Operation } from "../../checkers/index.js";
import { checkClaimed, type WorkerJob } from "./check-bin.js";

const port = parentPort;
if (port) {
  const job = workerData as WorkerJob;
  const model = modelSpec(job.modelName).model(job.initial);
  // Structured cloning copies the unknown-output marker: restore the one value.
  const revive = (op: Operation<unknown, unknown>): Operation<unknown, unknown> => (isUnknown(op.output) ? { ...op, output: UNKNOWN } : op);
  const partitions = job.partitions.map((p) => ({ index: p.index, operations: p.operations.map(revive) }));
  checkClaimed(model, { ...job, partitions }, job.threads, (index, outcome) => port.postMessage({ index, outcome }));
  port.postMessage({ done: true });
}
