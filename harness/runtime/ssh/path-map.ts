/**
 * How a process spec written for this machine runs on a host: pure. The
 * run names local paths (the Node binary, the package, the store) in argv,
 * environment and JSON arguments; on a host each becomes its deployed or
 * per-run counterpart. Harness-monotonic origins (`--origin-ns N`) move by
 * the host's monotonic offset, so records made there stay on this machine's
 * clock.
 */

/** Local path prefix -> the path on the host. */
export type PathMap = ReadonlyArray<readonly [local: string, remote: string]>;

/** Replaces every occurrence of a mapped local path in `text` (longest prefix first). Pure. */
export function mapText(map: PathMap, text: string): string {
  return textMapper(map)(text);
}

/** `mapText` for `map`, with its pattern built once (for every line sent to a program). Pure. */
export function textMapper(map: PathMap): (text: string) => string {
  const sorted = [...map].filter(([local]) => local !== "").sort((a, b) => b[0].length - a[0].length);
  if (sorted.length === 0) return (text) => text;
  const pattern = new RegExp(sorted.map(([local]) => escape(local)).join("|"), "g");
  return (text) => text.replace(pattern, (found) => sorted.find(([local]) => local === found)?.[1] ?? found);
}

/**
 * The argv for the host: paths mapped, and the value after `--origin-ns`
 * shifted by `monotonicOffsetNs` (the host's CLOCK_MONOTONIC minus this
 * machine's). Pure.
 */
export function mapArgv(map: PathMap, argv: readonly string[], monotonicOffsetNs: bigint): string[] {
  return argv.map((arg, i) => {
    if (i > 0 && argv[i - 1] === "--origin-ns" && /^-?\d+$/.test(arg)) return String(BigInt(arg) + monotonicOffsetNs);
    return mapText(map, arg);
  });
}

/** The environment for the host, values mapped. Pure. */
export function mapEnv(map: PathMap, env: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, mapText(map, v)]));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
