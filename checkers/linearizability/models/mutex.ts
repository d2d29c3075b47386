/**
 * Mutexes. `mutex` is Knossos's: `acquire` succeeds only when the lock is
 * free, `release` only when it is held, by any process. `owned-mutex` also
 * keeps the owner: `release` succeeds only for the process holding the lock,
 * which catches a release by the wrong process. Failed ops are dropped; an
 * unknown output applies the op when it is legal and otherwise changes
 * nothing (so it may take effect or not, as Knossos reads an info op).
 */
import { ILLEGAL, isUnknown, type Model, type Output } from "../model.js";
import { DROP, badOp, type ModelSpec, type OpPair } from "./spec.js";

/** acquire or release by `process`. */
export interface MutexInput {
  readonly acquire: boolean;
  readonly process: number;
}

/** The owner's process id, or null when free. */
export type MutexState = number | null;

const describeOp = (input: MutexInput, output: Output<null>): string =>
  `${input.acquire ? "acquire" : "release"}(p${input.process})${isUnknown(output) ? " -> ?" : ""}`;

/** The owned mutex starting with `initial` as owner (null: free). */
export function mutexModel(initial: MutexState): Model<MutexState, MutexInput, null> {
  return {
    init: () => initial,
    step: ownedStep,
    hash: (s) => (s === null ? 0x51ed27 : Math.imul(s + 1, 0x9e3779b1) >>> 0),
    describeOperation: describeOp,
    describeState: (s) => (s === null ? "free" : `held by p${s}`),
  };
}

// The steps are module functions, shared by every model, so the search's optimized code stays valid across histories.
function ownedStep(state: MutexState, input: MutexInput, output: Output<null>): MutexState | typeof ILLEGAL {
  const legal = input.acquire ? state === null : state === input.process;
  if (!legal) return isUnknown(output) ? state : ILLEGAL;
  return input.acquire ? input.process : null;
}

function knossosStep(state: boolean, input: MutexInput, output: Output<null>): boolean | typeof ILLEGAL {
  if (input.acquire === state) return isUnknown(output) ? state : ILLEGAL;
  return input.acquire;
}

function lockedHash(s: boolean): number {
  return s ? 0x2f6b1c3d : 0x51ed27;
}

/** Knossos's mutex, locked (`true`) or free from the start; who releases does not matter. */
export function knossosMutexModel(locked: boolean): Model<boolean, MutexInput, null> {
  return {
    init: () => locked,
    step: knossosStep,
    hash: lockedHash,
    describeOperation: describeOp,
    describeState: (s) => (s ? "locked" : "free"),
  };
}

function mutexInput(op: OpPair): MutexInput {
  if (op.f !== "acquire" && op.f !== "release") return badOp(`the mutex model cannot read function "${op.f}"`);
  return { acquire: op.f === "acquire", process: op.process };
}

const mutexOutput = (op: OpPair): null | typeof DROP => (op.type === "fail" ? DROP : null);

/** `mutex`: Knossos's mutex (acquire when free, release when held). Initial: null or false free, true held. */
export const mutexSpec: ModelSpec<boolean, MutexInput, null> = {
  name: "mutex",
  summary: "Knossos mutex: acquire when free, release when held",
  fs: ["acquire", "release"],
  model(initial) {
    if (initial === undefined || initial === null || typeof initial === "boolean") return knossosMutexModel(initial === true);
    return badOp("a mutex initial value must be null, false (free) or true (held)");
  },
  input: mutexInput,
  output: mutexOutput,
};

/** `owned-mutex`: acquire when free, release by the owner only. Initial: null (free) or the owner's process. */
export const ownedMutexSpec: ModelSpec<MutexState, MutexInput, null> = {
  name: "owned-mutex",
  summary: "mutex with an owner: acquire when free, release by the owner",
  fs: ["acquire", "release"],
  model(initial) {
    if (initial === undefined || initial === null) return mutexModel(null);
    if (typeof initial === "number" && Number.isInteger(initial)) return mutexModel(initial);
    return badOp("an owned-mutex initial value must be null or an owner process number");
  },
  input: mutexInput,
  output: mutexOutput,
};
