/**
 * The CLI's help, every command and subcommand, read in-process from the
 * program `fencecheck` runs (harness's `main` with a captured output): the
 * source of docs/reference/cli.md and of the doc-snippet test's check that
 * a documented `fencecheck <command> --flag` exists.
 */
import { main } from "../../harness/cli/main.js";

/** One command's help: its path from the program ("" for the program, "scenario run"), its text and what it offers. */
export interface CommandHelp {
  readonly path: string;
  readonly text: string;
  /** Its subcommands' names, in help order (commander's own `help` left out). */
  readonly subcommands: readonly string[];
  /** Every option it takes, long and short forms ("--time-limit", "-h"). */
  readonly options: readonly string[];
}

/** What `fencecheck <argv>` prints on standard output, run in-process (no terminal, so help wraps at 80 columns). */
export type HelpReader = (argv: readonly string[]) => Promise<string>;

/** Reads help through the CLI's own `main`, as `fencecheck ... --help` prints it. */
export const readHelpInProcess: HelpReader = async (argv) => {
  let out = "";
  const io = { out: (s: string) => void (out += s), err: () => undefined, isTty: false };
  const code = await main(argv, io, { cwd: ".", signal: new AbortController().signal });
  if (code !== 0) throw new Error(`fencecheck ${argv.join(" ")} exited ${code}`);
  return out;
};

/** The lines of a help section ("Options:", "Commands:") up to the next blank line. */
function section(text: string, title: string): string[] {
  const lines = text.split("\n");
  const start = lines.indexOf(title);
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && l.trim() === "");
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The subcommand names of a help text's "Commands:" section, without `help`. */
export function subcommandsOf(text: string): string[] {
  return section(text, "Commands:")
    .map((l) => /^ {2}([a-z][\w-]*)/.exec(l)?.[1])
    .filter((name): name is string => name !== undefined && name !== "help");
}

/** The option names of a help text's "Options:" section: "-h" and "--help" from "  -h, --help". */
export function optionsOf(text: string): string[] {
  return section(text, "Options:").flatMap((l) => {
    const head = /^ {2}(-[\w-]+(?:, --[\w-]+)?)/.exec(l)?.[1];
    return head === undefined ? [] : head.split(", ");
  });
}

/** Every command's help, the program's first, then each command and its subcommands depth first, in help order. */
export async function allHelp(read: HelpReader = readHelpInProcess): Promise<CommandHelp[]> {
  const out: CommandHelp[] = [];
  const visit = async (path: readonly string[]): Promise<void> => {
    const text = await read([...path, "--help"]);
    const subcommands = subcommandsOf(text);
    out.push({ path: path.join(" "), text, subcommands, options: optionsOf(text) });
    for (const sub of subcommands) await visit([...path, sub]);
  };
  await visit([]);
  return out;
}
