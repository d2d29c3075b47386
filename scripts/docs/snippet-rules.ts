/**
 * The doc-snippet test's rules for one shown command (snippets.ts finds
 * them): does `fencecheck ...` name a real command and real options of it,
 * does `npm run X` name a script, and is it one the test may run.
 */
import type { CommandHelp } from "./cli-help.js";

/** A word that stands for something else (`<file>`, `...`, `$SEED`, `list|run`, `[--cells ci]`): never judged. */
function isPlaceholder(word: string): boolean {
  return /[<>$|[\]]|\.\.\./.test(word);
}

/** The command path and its options, or the problem with `args` against the CLI's help. */
export function judgeArgs(args: readonly string[], helps: readonly CommandHelp[]): { path: string; problems: string[] } {
  const byPath = new Map(helps.map((h) => [h.path, h]));
  let path = "";
  const problems: string[] = [];
  let positional = 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const here = byPath.get(path)!;
    if (arg === "--") break;
    if (isPlaceholder(arg)) continue;
    if (/^-[\w-]/.test(arg) && !/^-\d/.test(arg)) {
      const name = arg.split("=")[0]!;
      if (!here.options.includes(name)) problems.push(`\`${["fencecheck", path].filter(Boolean).join(" ")}\` has no option ${name}`);
      continue;
    }
    if (positional === 0 && here.subcommands.length > 0) {
      if (here.subcommands.includes(arg)) path = path === "" ? arg : `${path} ${arg}`;
      else if (arg !== "help") problems.push(`\`${["fencecheck", path].filter(Boolean).join(" ")}\` has no command ${arg}`);
      if (arg === "help" || !here.subcommands.includes(arg)) positional++;
      continue;
    }
    positional++;
  }
  return { path, problems };
}

/** The problems of an `npm ...` segment: `npm run X` must name a script of package.json. */
export function npmProblems(segment: readonly string[], scripts: ReadonlySet<string>): string[] {
  if (segment[0] !== "npm" || !["run", "run-script"].includes(segment[1] ?? "")) return [];
  const script = segment.slice(2).find((w) => !w.startsWith("-"));
  return script === undefined || isPlaceholder(script) || scripts.has(script) ? [] : [`package.json has no script "${script}"`];
}

/**
 * Whether the doc-snippet test runs `fencecheck <args>` (path as judged):
 * help, the listings, and checks of files that `exists` finds. Anything
 * else starts nodes, needs root or takes long.
 */
export function runnableArgs(path: string, args: readonly string[], exists: (file: string) => boolean): boolean {
  if (args.includes("--help") || args.includes("-h") || args[0] === "help") return true;
  if (path === "list" || path === "scenario list") return args.length === path.split(" ").length;
  if (path === "validate") return args.includes("--list");
  const operands = (from: number): string[] => args.slice(from).filter((a, i, all) => !a.startsWith("-") && !/^--(model|format|timeout|initial|max-memory)$/.test(all[i - 1] ?? ""));
  if (path === "check") return operands(1).length > 0 && operands(1).every((f) => !isPlaceholder(f) && exists(f));
  if (path === "analyze") return operands(1).length === 1 && !isPlaceholder(operands(1)[0]!) && exists(`${operands(1)[0]!}/config.json`);
  return false;
}
