/**
 * The arguments of `fencecheck check` read without commander, for the forms
 * a user types most: files, and the command's long options each followed by
 * its value (`--model cas-register:0`). Anything else (help, `--opt=value`,
 * an unknown or a misspelt option, a value or file starting with "-", an
 * option without its value, `--`) is left to commander, which the check
 * then loads: its messages and exit codes stay commander's. Options may come
 * before, between or after the files, and the last of a repeated option
 * wins, as commander reads them.
 */
import type { CheckArgs } from "./run-check.js";

/** The check command's options that take a value, and the field each sets. */
const VALUE_OPTIONS: Readonly<Record<string, Exclude<keyof CheckArgs, "files">>> = {
  "--model": "model",
  "--format": "format",
  "--timeout": "timeout",
  "--max-memory": "maxMemory",
  "--initial": "initial",
  "--manifest": "manifest",
};

/**
 * The check's arguments when `argv` (without node and script, "check"
 * first) has only the plain forms above; undefined when commander must
 * read it.
 */
export function plainCheckArgs(argv: readonly string[]): CheckArgs | undefined {
  if (argv[0] !== "check") return undefined;
  const files: string[] = [];
  const options: Partial<Record<Exclude<keyof CheckArgs, "files">, string>> = {};
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("-")) {
      files.push(arg);
      continue;
    }
    const field = Object.hasOwn(VALUE_OPTIONS, arg) ? VALUE_OPTIONS[arg] : undefined;
    const value = argv[i + 1];
    if (field === undefined || value === undefined || value.startsWith("-")) return undefined;
    options[field] = value;
    i++;
  }
  return { files, ...options };
}
