/** docs/reference/cli.md: every command's and subcommand's `--help`, as the CLI prints it. */
import type { CommandHelp } from "./cli-help.js";
import { anchor, generatedNote } from "./markdown.js";

function title(help: CommandHelp): string {
  return help.path === "" ? "fencecheck" : `fencecheck ${help.path}`;
}

/** The page: a table of contents, then each command's help in order. */
export function renderCliPage(helps: readonly CommandHelp[]): string {
  const contents = helps.map((h) => `${"  ".repeat(h.path === "" ? 0 : h.path.split(" ").length - 1)}- [${title(h)}](#${anchor(title(h))})`);
  const sections = helps.map((h) => `## ${title(h)}\n\n\`\`\`text\n$ ${title(h)} --help\n${h.text.trimEnd()}\n\`\`\``);
  return [
    "# CLI reference",
    generatedNote("every command's `--help` (scripts/docs/cli-help.ts)"),
    "Every command and subcommand of `fencecheck`, with its `--help` as the CLI prints it. " +
      "Exit codes (Jepsen's): 0 valid, 1 invalid, 2 unknown, 254 bad arguments or input, 255 harness error.",
    contents.join("\n"),
    ...sections,
  ].join("\n\n") + "\n";
}
