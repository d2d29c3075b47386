/**
 * Worker-thread entry: checks the partitions it was given (workerData, see
 * `WorkerJob`), posting `{ index, outcome }` for each, then `{ done: true }`.
 * The model is rebuilt here from its name and initial value (functions do
 * not cross threads). An illegal partition raises the shared stop flag,
 * which every thread polls; partitions cut short by it are not posted.
 */
import { parentPort, workerData } from "node:worker_threads";
import { isUnknown, modelSpec, UNKNOWN, type Operation } from "../../checkers/index.js";
import { checkBin, type WorkerJob } from "./check-bin.js";

const port = parentPort;
if (port) {
  const job = workerData as WorkerJob;
  const model = modelSpec(job.modelName).model(job.initial);
  const partitions = job.partitions.map((p) => ({
    index: p.index,
    operations: p.operations.map((op): Operation<unknown, unknown> => (isUnknown(op.output) ? { ...op, output: UNKNOWN } : op)),
  }));
  checkBin(model, { ...job, partitions }, (index, outcome) => port.postMessage({ index, outcome }));
  port.postMessage({ done: true });
}
