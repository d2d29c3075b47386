/**
 * The op interpreter (Jepsen's interpreter.clj): one scheduling loop that
 * hands each op to its process's worker and records invocations and
 * completions (interpreter.ts), the queue completions arrive on
 * (completion-queue.ts), and how one op is performed, bounded by the op
 * timeout and the run's abort (invoke-op.ts).
 */
export { createInterpreter, type Interpreter, type InterpreterDeps } from "./interpreter.js";
