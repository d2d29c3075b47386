/**
 * The named models, and the `name[:initial]` syntax of `--model` and of a
 * manifest's model column (e.g. `cas-register:0`, `multi-register:{"x":0}`).
 */
import { HarnessError } from "../../../core/index.js";
import { fencedRegisterSpec } from "./fenced-register.js";
import { kvNoPartitionSpec, kvSpec } from "./kv.js";
import { multiRegisterSpec } from "./multi-register.js";
import { mutexSpec, ownedMutexSpec } from "./mutex.js";
import { casRegisterSpec, etcdRegisterSpec, registerSpec } from "./register.js";
import type { ModelSpec } from "./spec.js";

/** Every model by name. */
export const MODEL_SPECS: readonly ModelSpec[] = [
  registerSpec,
  casRegisterSpec,
  etcdRegisterSpec,
  kvSpec,
  kvNoPartitionSpec,
  multiRegisterSpec,
  mutexSpec,
  ownedMutexSpec,
  fencedRegisterSpec,
] as readonly ModelSpec[] as ModelSpec[];

/** A model chosen by name, with its initial value (undefined: the model's default). */
export interface ModelChoice {
  readonly spec: ModelSpec;
  readonly initial: unknown;
}

/** The spec named `name`; throws input.invalid naming the known ones. */
export function modelSpec(name: string): ModelSpec {
  const spec = MODEL_SPECS.find((s) => s.name === name);
  if (spec) return spec;
  const known = MODEL_SPECS.map((s) => s.name).join(", ");
  throw new HarnessError("input.invalid", `Unknown model "${name}": expected one of ${known}`);
}

/** Parses `name` or `name:JSON` into a model choice. */
export function parseModelArg(text: string): ModelChoice {
  const colon = text.indexOf(":");
  if (colon === -1) return { spec: modelSpec(text.trim()), initial: undefined };
  return { spec: modelSpec(text.slice(0, colon).trim()), initial: parseInitial(text.slice(colon + 1)) };
}

/** Parses an initial value given as a JSON literal. */
export function parseInitial(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HarnessError("input.invalid", `Cannot read initial value "${text}": not a JSON literal`);
  }
}
