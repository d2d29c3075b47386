/**
 * Turns a parsed history (`JepsenOp`s) into the checker's operations for a
 * model spec. Times are positions in the history. Each invocation is paired
 * with the next completion of its process; an `info` completion, or none at
 * all, leaves the operation open: it returns at +infinity with the unknown
 * output (as porcupine closes Jepsen's crashed ops). `ok` and `fail`
 * completions go through the spec, which may drop them (Knossos drops fails).
 */
import { HarnessError } from "../../core/index.js";
import { badLine, type JepsenOp } from "./formats/jepsen-op.js";
import { UNKNOWN, type Operation, type Output } from "./model.js";
import { DROP, type ModelSpec, type OpPair } from "./models/spec.js";

/**
 * Converts `ops` for `spec`; errors name `source` and the line. `time`
 * gives an op's call or return time from its position in `ops` (default:
 * the position itself).
 */
export function toOperations<S, I, O>(
  spec: ModelSpec<S, I, O>,
  ops: readonly JepsenOp[],
  source: string,
  time: (at: number) => number = (at) => at,
): Operation<I, O>[] {
  const open = new Map<number, { op: JepsenOp; at: number }>();
  const out: Operation<I, O>[] = [];
  const emit = (invoke: JepsenOp, at: number, done: JepsenOp | undefined, ret: number): void => {
    const converted = convert(spec, invoke, done, source);
    if (converted === DROP) return;
    out.push({ clientId: invoke.process, input: converted.input, call: time(at), output: converted.output, return: done && done.type !== "info" ? time(ret) : Infinity });
  };
  ops.forEach((op, at) => {
    if (op.type === "invoke") {
      const prior = open.get(op.process);
      if (prior) emit(prior.op, prior.at, undefined, Infinity);
      open.set(op.process, { op, at });
      return;
    }
    const inv = open.get(op.process);
    if (!inv) return;
    open.delete(op.process);
    if (inv.op.f !== op.f) badLine(source, op.line, `completion of "${op.f}" for process ${op.process}, which invoked "${inv.op.f}" on line ${inv.op.line}`);
    emit(inv.op, inv.at, op, at);
  });
  for (const inv of open.values()) emit(inv.op, inv.at, undefined, Infinity);
  return out;
}

function convert<S, I, O>(
  spec: ModelSpec<S, I, O>,
  invoke: JepsenOp,
  done: JepsenOp | undefined,
  source: string,
): { input: I; output: Output<O> } | typeof DROP {
  const type = done?.type === "ok" || done?.type === "fail" ? done.type : "info";
  const pair: OpPair = {
    process: invoke.process,
    f: invoke.f,
    key: invoke.key ?? done?.key,
    invokeValue: invoke.value,
    type,
    value: type === "info" ? invoke.value : done!.value,
    ...(done?.type === "info" && done.value !== undefined ? { infoValue: done.value } : {}),
    ...(done?.errorCode !== undefined ? { errorCode: done.errorCode } : {}),
  };
  const line = type === "info" ? invoke.line : done!.line;
  try {
    const input = spec.input(pair);
    if (input === DROP) return DROP;
    if (type === "info") return { input, output: UNKNOWN };
    const output = spec.output(pair, input);
    return output === DROP ? DROP : { input, output };
  } catch (error) {
    if (error instanceof HarnessError) throw error;
    return badLine(source, line, `model "${spec.name}": ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The model whose functions cover the history's, for when none is given. */
export function inferModelName(ops: readonly JepsenOp[], format: string): string {
  if (format === "etcd-log") return "etcd-register";
  const fs = new Set(ops.map((o) => o.f));
  const keyed = ops.some((o) => o.key !== undefined);
  if (fs.has("txn")) return "multi-register";
  if (fs.has("get") || fs.has("put") || fs.has("append") || (keyed && !fs.has("cas"))) return "kv";
  if (fs.has("write") && (fs.has("acquire") || ops.some((o) => isLockValue(o.value)))) return "fenced-register";
  if (fs.has("acquire") || fs.has("release")) return "mutex";
  if (fs.has("cas")) return "cas-register";
  return "cas-register";
}

function isLockValue(v: unknown): boolean {
  return typeof v === "object" && v !== null && "resource" in v;
}
