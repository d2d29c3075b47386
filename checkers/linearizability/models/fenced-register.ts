/**
 * A register behind fenced storage, one per resource: every write carries
 * the fencing token it was made under, and storage accepts a write only if
 * its token is not below the highest token it has accepted. So an ok write
 * with a token below the maximum is illegal, and a write storage rejected
 * as stale (fail with error code "stale-token") is kept as evidence that a
 * higher token had been accepted (like porcupine's failed etcd cas). Other
 * failures are dropped. A read returns the value and the token of the last
 * accepted write. acquire and release are not storage operations and are
 * left out. An unknown output applies a write when its token is allowed.
 *
 * A write's token is read from its completion, its invocation, or (for a
 * write that timed out) its info completion, which records the token it was
 * sent under. A write applied whose token is still not known leaves the
 * highest token unknown (`max: UNKNOWN_MAX`): storage may then have raised
 * it to anything, so neither a later stale rejection nor a later acceptance
 * can be judged until a write with a known token is accepted (storage
 * accepts only at or above its highest token, so that token is the highest
 * again). Treating the unknown token as "no change" once made a correct
 * stale rejection look impossible: a false INVALID.
 */
import { LOCK_ERRORS, toToken } from "../../../core/index.js";
import { ILLEGAL, isUnknown, type Model, type Output } from "../model.js";
import { canonical, hashScalar, scalarText, type Scalar } from "../values.js";
import { DROP, badOp, type ModelSpec, type OpPair } from "./spec.js";

/** A write of `value` under `token` (null: token not known), or a read. */
export interface FencedInput {
  readonly write: boolean;
  readonly resource: string;
  readonly value: Scalar;
  readonly token: bigint | null;
}

/** write: accepted or rejected as stale; read: what storage held. */
export type FencedOutput = boolean | { readonly value: Scalar; readonly token: bigint | null };

/** The highest accepted token after a write accepted under a token nobody knows. */
export const UNKNOWN_MAX = "unknown";

/** What storage holds for one resource: `max` is null before any accepted write. */
export interface FencedState {
  readonly value: Scalar;
  readonly token: bigint | null;
  readonly max: bigint | null | typeof UNKNOWN_MAX;
}

const EMPTY: FencedState = { value: null, token: null, max: null };

/** The fenced-register model, partitioned by resource. */
export function fencedRegisterModel(): Model<FencedState, FencedInput, FencedOutput> {
  return {
    init: () => EMPTY,
    step(state, input, output) {
      if (!input.write) {
        if (isUnknown(output) || typeof output === "boolean") return state;
        const tokenOk = output.token === null || state.token === null || output.token === state.token;
        return output.value === state.value && tokenOk ? state : ILLEGAL;
      }
      if (state.max === UNKNOWN_MAX) {
        if (output === false) return state;
        return { value: input.value, token: input.token, max: input.token ?? UNKNOWN_MAX };
      }
      const allowed = input.token === null || state.max === null || input.token >= state.max;
      // A rejection is impossible only when its token is known to be allowed.
      if (output === false) return allowed && input.token !== null ? ILLEGAL : state;
      if (!allowed) return isUnknown(output) ? state : ILLEGAL;
      return { value: input.value, token: input.token, max: input.token ?? UNKNOWN_MAX };
    },
    partition: (ops) => groupBy(ops, (op) => op.input.resource),
    readOnly: leavesStorage,
    equal: (a, b) => a.value === b.value && a.token === b.token && a.max === b.max,
    hash: (s) => (hashScalar(s.value) ^ Math.imul(hashScalar(s.token), 3) ^ Math.imul(hashScalar(s.max), 7)) >>> 0,
    describeOperation(input, output) {
      const out = isUnknown(output) ? "?" : typeof output === "boolean" ? (output ? "ok" : "stale") : readText(output);
      if (!input.write) return `read(${input.resource}) -> ${out}`;
      return `write(${input.resource}, ${scalarText(input.value)}, token ${input.token ?? "?"}) -> ${out}`;
    },
    describeState: (s) => `${scalarText(s.value)} (token ${s.token ?? "none"}, max ${s.max ?? "none"})`,
  };
}

/** A read, and a write storage rejected as stale: neither changes what storage holds. */
function leavesStorage(input: FencedInput, output: Output<FencedOutput>): boolean {
  return !input.write || output === false;
}

function readText(o: { value: Scalar; token: bigint | null }): string {
  return `${scalarText(o.value)} @ ${o.token ?? "?"}`;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    const g = groups.get(k);
    if (g) g.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

function tokenOf(value: unknown): bigint | null {
  const raw = field(value, "token");
  if (raw === undefined || raw === null) return null;
  const t = toToken(raw);
  return t === undefined ? badOp(`a token must be an integer, got ${JSON.stringify(raw) ?? String(raw)}`) : BigInt(t);
}

function fencedInput(op: OpPair): FencedInput | typeof DROP {
  if (!STORAGE_FS.has(op.f)) return LOCK_FS.has(op.f) ? DROP : badOp(`the fenced-register model cannot read function "${op.f}"`);
  const resource = op.key ?? field(op.invokeValue, "resource");
  if (typeof resource !== "string") return badOp(`a lock op needs a "resource" string`);
  const write = op.f === "write";
  const token = write ? (tokenOf(op.value) ?? tokenOf(op.infoValue) ?? tokenOf(op.invokeValue)) : null;
  return { write, resource, value: write ? canonical(field(op.invokeValue, "value")) : null, token };
}

/** A lock history's ops that do not touch storage: the lease's, the hold in its critical section and the client's look at its lease. */
const LOCK_FS: ReadonlySet<string> = new Set(["acquire", "release", "hold", "check-lease"]);
const STORAGE_FS: ReadonlySet<string> = new Set(["read", "write"]);

/** `fenced-register`: writes carry tokens; storage rejects stale ones. */
export const fencedRegisterSpec: ModelSpec<FencedState, FencedInput, FencedOutput> = {
  name: "fenced-register",
  summary: "register per resource behind fenced storage: writes carry tokens",
  fs: ["read", "write", ...LOCK_FS],
  model: () => fencedRegisterModel(),
  input: fencedInput,
  output(op, input) {
    if (op.type === "fail") return input.write && op.errorCode === LOCK_ERRORS.staleToken ? false : DROP;
    if (input.write) return true;
    return { value: canonical(field(op.value, "value")), token: tokenOf(op.value) };
  },
};

/**
 * `conditional-register`: the register behind conditional storage, which
 * took every write because the version its writer read was still current
 * (decidedByVersion). Such storage is judged by versions, not tokens: each
 * accepted write applies whatever its token, and a read returns the last
 * one. The fenced-register model with every token left out.
 */
export const conditionalRegisterSpec: ModelSpec<FencedState, FencedInput, FencedOutput> = {
  ...fencedRegisterSpec,
  name: "conditional-register",
  summary: "register per resource behind conditional storage: writes are judged by the version they read, not by token",
  input(op) {
    const input = fencedInput(op);
    return input === DROP ? DROP : { ...input, token: null };
  },
  output(op, input) {
    const output = fencedRegisterSpec.output(op, input);
    return typeof output === "object" && output !== null ? { ...output, token: null } : output;
  },
};
