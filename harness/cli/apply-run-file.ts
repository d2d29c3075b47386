/**
 * Reads the run file named by `--config` and merges it under the options
 * given on the command line (the effectful half of run-file.ts).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { HarnessError } from "../../core/index.js";
import { mergeRunFile, type RawOptions } from "./run-file.js";

/** The options with the run file's values filled in; `opts` unchanged when there is no `--config`. */
export function applyRunFile<T extends { readonly config?: string }>(opts: T, command: Command, cwd: string): T {
  if (opts.config === undefined) return opts;
  const path = resolve(cwd, opts.config);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new HarnessError("config.invalid", `Cannot read run file "${path}": ${reason}`, { cause: error });
  }
  const known = command.options.map((o) => o.attributeName());
  const fromCli = new Set(known.filter((k) => command.getOptionValueSource(k) === "cli"));
  return mergeRunFile(opts as unknown as RawOptions, parsed, { known, fromCli }) as unknown as T;
}
