/**
 * Run files: `fencecheck run --config FILE.json`, where the JSON object
 * holds any run options under the CLI flags' camelCase names
 * (`{"nemesis": "partition,kill", "nemesisInterval": 5, "faultOpt":
 * {"partition": {"nodes": "lock"}}}`). Flags given on the command line
 * override the file. Pure: the command reads the file.
 */
import { HarnessError } from "../../core/index.js";

/** Options as commander holds them: strings, booleans, and the repeatable faultOpt list. */
export type RawOptions = Readonly<Record<string, string | boolean | readonly string[] | undefined>>;

/**
 * Merges a parsed run file under the command-line options: a key comes
 * from the file unless it is in `fromCli`. `faultOpt` entries of the file
 * come first, so the command line's win. Throws "config.invalid" for a file
 * that is not an object, an unknown key, or a value of the wrong type.
 */
export function mergeRunFile<T extends RawOptions>(opts: T, file: unknown, ctx: { known: readonly string[]; fromCli: ReadonlySet<string> }): T {
  if (typeof file !== "object" || file === null || Array.isArray(file)) invalid("it must hold a JSON object of run options");
  const merged: Record<string, unknown> = { ...opts };
  for (const [key, value] of Object.entries(file)) {
    if (key === "config" || !ctx.known.includes(key)) invalid(`"${key}" is not a run option (known: ${ctx.known.filter((k) => k !== "config").join(", ")})`);
    if (key === "faultOpt") {
      merged[key] = [...faultOptEntries(value), ...(ctx.fromCli.has(key) ? (opts[key] as readonly string[]) : [])];
    } else if (!ctx.fromCli.has(key)) {
      merged[key] = optionValue(key, value);
    }
  }
  return merged as T;
}

function optionValue(key: string, value: unknown): string | boolean {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join(",");
  invalid(`"${key}" must be a string, a number, a boolean or a list of strings`);
}

/** `["kill.durationMs=500"]` or `{"kill": {"durationMs": 500}}` as `fault.option=value` strings. */
function faultOptEntries(value: unknown): string[] {
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as string[];
  if (typeof value !== "object" || value === null) invalid(`"faultOpt" must be a list of "fault.option=value" or an object of objects`);
  return Object.entries(value).flatMap(([fault, options]) => {
    if (typeof options !== "object" || options === null) invalid(`"faultOpt.${fault}" must be an object of options`);
    return Object.entries(options as Record<string, unknown>).map(([k, v]) => `${fault}.${k}=${String(v)}`);
  });
}

function invalid(message: string): never {
  throw new HarnessError("config.invalid", `Cannot use the run file: ${message}`);
}
