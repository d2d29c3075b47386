/**
 * Adapters from fencecheck's own `Op` histories (harness/core) to the
 * checker's operations, with Jepsen's semantics: `fail` pairs are dropped,
 * `info` pairs (and invocations that never completed) return at +infinity
 * with the unknown output. Times are positions in the history.
 */
import { type Completion, type History, type Invoke } from "../../harness/core/index.js";
import { type LinearizabilityOptions, type LinearizabilityResult } from "./checker.js";
import type { JepsenOp } from "./formats/jepsen-op.js";
import { type Operation } from "./model.js";
/**
 * Pairs the client ops of `history` into operations. `toInput` returns
 * undefined to leave an op out; `toOutput` reads an ok completion.
 */
export declare function fromHistory<I, O>(history: History, toInput: (invoke: Invoke) => I | undefined, toOutput: (ok: Completion, input: I) => O): Operation<I, O>[];
/** Reads fencecheck ops as the format-independent ops the model specs take. */
export declare function jepsenOpsOf(history: History): JepsenOp[];
/**
 * Checks a lock workload's history (acquire/read/write/release with
 * `{resource, value, token}`, see harness/core lock-ops) against the
 * fenced-register model, one partition per resource: an ok write whose
 * token is below the highest accepted one is illegal, and so is a read that
 * no order of the writes explains. acquire and release are left out.
 * Throws input.invalid when an op cannot be read (e.g. a bad token).
 */
export declare function checkLockHistory(history: History, options?: LinearizabilityOptions): LinearizabilityResult;
