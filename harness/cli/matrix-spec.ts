/**
 * The file `fencecheck matrix FILE` reads: designs (a lock service, a
 * storage and any `run` options) crossed with fault packages, plus options
 * shared by every cell. Option names are the `run` flags in camelCase
 * (`timeLimit`, `ttlMs`, ...). A design may say which verdict it expects,
 * for every fault or per fault:
 *
 *   { "name": "reference-fencing", "defaults": { "timeLimit": 15, "seed": 7 },
 *     "faults": ["none", "pause-holder"],
 *     "designs": [
 *       { "name": "fenced", "lock": "reference", "storage": "fenced", "expect": "valid" },
 *       { "name": "unfenced", "lock": "reference", "storage": "unfenced",
 *         "expect": { "none": "valid", "pause-holder": "invalid" } } ] }
 */
import { HarnessError, type Validity } from "../../core/index.js";

/** Option values as written in the file. */
export type MatrixOptions = Readonly<Record<string, string | number | boolean>>;

/** One row of the matrix. */
export interface MatrixDesign {
  readonly name: string;
  readonly options: MatrixOptions;
  /** Expected verdict by fault ("*" for every fault). */
  readonly expect: Readonly<Record<string, Validity>>;
}

/** The parsed file. */
export interface MatrixSpec {
  readonly name: string;
  readonly defaults: MatrixOptions;
  readonly faults: readonly string[];
  readonly designs: readonly MatrixDesign[];
}

const VERDICTS: Readonly<Record<string, Validity>> = { valid: true, invalid: false, unknown: "unknown" };

function bad(source: string, what: string): never {
  throw new HarnessError("config.invalid", `Cannot read matrix "${source}": ${what}`);
}

function options(value: unknown, source: string, where: string): MatrixOptions {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) bad(source, `${where} must be an object of run options`);
  for (const [k, v] of Object.entries(value)) {
    if (!["string", "number", "boolean"].includes(typeof v)) bad(source, `${where}."${k}" must be a string, number or boolean`);
  }
  return value as MatrixOptions;
}

function expectation(value: unknown, source: string, where: string): Record<string, Validity> {
  if (value === undefined) return {};
  const entries: [string, unknown][] = typeof value === "string" ? [["*", value]] : value !== null && typeof value === "object" ? Object.entries(value) : [];
  if (entries.length === 0) bad(source, `${where}.expect must be "valid", "invalid", "unknown" or an object of them by fault`);
  return Object.fromEntries(entries.map(([fault, v]) => {
    const verdict = typeof v === "string" ? VERDICTS[v] : undefined;
    if (verdict === undefined) bad(source, `${where}.expect "${String(v)}" is not valid, invalid or unknown`);
    return [fault, verdict];
  }));
}

/** Parses and validates a matrix file's text; throws config.invalid naming the problem. */
export function parseMatrixSpec(text: string, source: string): MatrixSpec {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    bad(source, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const o = (raw ?? {}) as { name?: unknown; defaults?: unknown; faults?: unknown; designs?: unknown };
  if (!Array.isArray(o.faults) || o.faults.length === 0 || !o.faults.every((f) => typeof f === "string")) bad(source, `"faults" must be a non-empty list of fault package names (or "none")`);
  if (!Array.isArray(o.designs) || o.designs.length === 0) bad(source, `"designs" must be a non-empty list`);
  const designs = o.designs.map((d: unknown, i: number) => {
    const { name, expect, ...rest } = (d ?? {}) as { name?: unknown; expect?: unknown };
    if (typeof name !== "string" || name === "") bad(source, `designs[${i}] has no "name"`);
    return { name, options: options(rest, source, `designs[${i}]`), expect: expectation(expect, source, `designs[${i}]`) };
  });
  const names = designs.map((d) => d.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) bad(source, `design name "${dup}" is used twice`);
  return { name: typeof o.name === "string" ? o.name : "matrix", defaults: options(o.defaults, source, "defaults"), faults: o.faults as string[], designs };
}

/** The expected verdict of a cell, if the design says. */
export function expectedVerdict(design: MatrixDesign, fault: string): Validity | undefined {
  return design.expect[fault] ?? design.expect["*"];
}

/** The `run` argv of one cell: defaults, then the design's options, then `--nemesis fault`. */
export function cellArgv(spec: MatrixSpec, design: MatrixDesign, fault: string): string[] {
  const merged: Record<string, string | number | boolean> = { ...spec.defaults, ...design.options, nemesis: fault, name: `${slug(spec.name)}-${slug(design.name)}-${slug(fault)}` };
  return Object.entries(merged).flatMap(([k, v]) => {
    const flag = `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    if (v === true) return [flag];
    return v === false ? [] : [flag, String(v)];
  });
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "x";
}
