/**
 * `--existing <file.json>`: a lock service already running on the ssh
 * hosts, declared in a JSON file as core/existing-service.ts describes
 * (its port, and the shell commands that print its PIDs, stop it and start
 * it). The built-in adapter named by `--lock` talks to it; the file wins
 * over an adapter module's own `existing`.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { HarnessError, checkExistingService, type RunConfig } from "../../core/index.js";

/** The raw option commander hands over. */
export interface ExistingOptions {
  readonly existing?: string;
}

/** The option's help line, for `addRunOptions`. */
export const EXISTING_OPTION = ["--existing <file>", "ssh runtime: a lock service already running on the hosts, declared in a JSON file (port, and the commands that print its PIDs, stop and start it); faults steer it, fencecheck never installs it"] as const;

/** `config` with `lock.existing` read from the option's file; throws "config.invalid" (254) naming the file and what is wrong. */
export function withExistingOption(config: RunConfig, file: string | undefined, cwd: string): RunConfig {
  if (file === undefined) return config;
  const path = resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new HarnessError("config.invalid", `Cannot read --existing "${file}": ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new HarnessError("config.invalid", `Cannot read --existing "${file}": it is not JSON (${(error as Error).message})`);
  }
  return { ...config, lock: { ...config.lock, existing: checkExistingService(parsed, `"${file}"`) } };
}
