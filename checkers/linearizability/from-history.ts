/**
 * Adapters from fencecheck's own `Op` histories (core) to the
 * checker's operations, with Jepsen's semantics: `fail` pairs are dropped,
 * `info` pairs (and invocations that never completed) return at +infinity
 * with the unknown output. Times are positions in the history.
 */
import { indexedPairs, type Completion, type History, type Invoke } from "../../core/index.js";
import { checkOperations, type LinearizabilityOptions, type LinearizabilityResult } from "./checker.js";
import type { JepsenOp } from "./formats/jepsen-op.js";
import { UNKNOWN, type Operation } from "./model.js";
import { fencedRegisterSpec } from "./models/fenced-register.js";
import { toOperations } from "./to-operations.js";

/**
 * Pairs the client ops of `history` into operations. `toInput` returns
 * undefined to leave an op out; `toOutput` reads an ok completion.
 */
export function fromHistory<I, O>(
  history: History,
  toInput: (invoke: Invoke) => I | undefined,
  toOutput: (ok: Completion, input: I) => O,
): Operation<I, O>[] {
  const out: Operation<I, O>[] = [];
  for (const pair of indexedPairs(history)) {
    const { invoke, completion } = pair;
    if (typeof invoke.process !== "number" || completion?.type === "fail") continue;
    const input = toInput(invoke);
    if (input === undefined) continue;
    const call = pair.invokeAt;
    const clientId = invoke.process;
    if (completion === undefined || completion.type === "info") {
      out.push({ clientId, input, call, output: UNKNOWN, return: Infinity });
    } else {
      out.push({ clientId, input, call, output: toOutput(completion, input), return: pair.completionAt as number });
    }
  }
  return out;
}

/** Reads fencecheck ops as the format-independent ops the model specs take. */
export function jepsenOpsOf(history: History): JepsenOp[] {
  const out: JepsenOp[] = [];
  history.forEach((op, i) => {
    if (typeof op.process !== "number") return;
    const errorCode = op.type === "fail" || op.type === "info" ? op.error?.code : undefined;
    out.push({ process: op.process, type: op.type, f: op.f, value: op.value, line: i + 1, ...(errorCode ? { errorCode } : {}) });
  });
  return out;
}

/**
 * Checks a lock workload's history (acquire/read/write/release with
 * `{resource, value, token}`, see core lock-ops) against the
 * fenced-register model, one partition per resource: an ok write whose
 * token is below the highest accepted one is illegal, and so is a read that
 * no order of the writes explains. acquire and release are left out.
 * Throws input.invalid when an op cannot be read (e.g. a bad token).
 */
export function checkLockHistory(history: History, options: LinearizabilityOptions = {}): LinearizabilityResult {
  const ops = toOperations(fencedRegisterSpec, jepsenOpsOf(history), "history");
  return checkOperations(fencedRegisterSpec.model(undefined), ops, { allPartitions: true, ...options }) as unknown as LinearizabilityResult;
}
