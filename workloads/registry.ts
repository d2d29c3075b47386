/**
 * The workloads a run can ask for by name (`--workload`), in the order
 * `fencecheck list` shows them. The first is the default.
 */
import { HarnessError } from "../core/index.js";
import { lockMutexWorkload } from "./lock-mutex/lock-mutex-workload.js";
import { lockWriteWorkload } from "./lock-write/lock-write-workload.js";
import type { Workload } from "./workload.js";

/** The default workload's name. */
export const DEFAULT_WORKLOAD = "lock-write";

/** Every workload. */
export function workloads(): readonly Workload[] {
  return [lockWriteWorkload, lockMutexWorkload];
}

/** The workload named `name`; "config.invalid" naming the known ones otherwise. */
export function findWorkload(name: string): Workload {
  const found = workloads().find((w) => w.name === name);
  if (found) return found;
  throw new HarnessError("config.invalid", `--workload "${name}" is not a workload (known: ${workloads().map((w) => w.name).join(", ")})`);
}
