/**
 * The CLI reference page (docs/reference/cli.md): every command's and
 * subcommand's `--help`, as the CLI prints it, in help order, then what
 * `fencecheck list` prints (the registries' lock services, storage kinds,
 * workloads and faults). Made by
 * running the CLI's `main` in this process, so the page is what the code
 * says; `cli-reference.test.ts` fails when the page drifts from it.
 */
import { homedir } from "node:os";
import { stripVTControlCharacters } from "node:util";
import { main } from "../../harness/index.js";

/** The page's path from the package root. */
export const CLI_REFERENCE_PAGE = "docs/reference/cli.md";

/** What `fencecheck <argv>` prints, without colours, the user's home directory as `~`. */
async function printed(argv: readonly string[]): Promise<string> {
  let out = "";
  const io = { out: (text: string) => void (out += text), err: (text: string) => void (out += text), isTty: false };
  await main(argv, io, { cwd: process.cwd(), signal: new AbortController().signal });
  return stripVTControlCharacters(out).split(homedir()).join("~");
}

/** What `fencecheck <argv> --help` prints. */
export async function helpOf(argv: readonly string[]): Promise<string> {
  return printed([...argv, "--help"]);
}

/** The subcommand names a help text lists under "Commands:", without `help`. */
export function subcommandsOf(help: string): string[] {
  const section = help.split("\nCommands:\n")[1];
  if (section === undefined) return [];
  return [...section.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1]!).filter((name) => name !== "help");
}

/** The whole page: a title, then one section per command and subcommand, each its help in a code block. */
export async function renderCliReference(): Promise<string> {
  const sections: { readonly heading: string; readonly text: string }[] = [];
  const top = await helpOf([]);
  sections.push({ heading: "`fencecheck`", text: top });
  for (const name of subcommandsOf(top)) {
    const help = await helpOf([name]);
    sections.push({ heading: `\`fencecheck ${name}\``, text: help });
    for (const sub of subcommandsOf(help)) sections.push({ heading: `\`fencecheck ${name} ${sub}\``, text: await helpOf([name, sub]) });
  }
  sections.push({ heading: "What `fencecheck list` prints", text: await printed(["list"]) });
  const intro = "# CLI reference\n\nEvery command's `--help`, as `fencecheck` prints it, and what `fencecheck list` prints. Written by `node dist/scripts/cli-reference.js` (after\n`npm run build`); `scripts/cli-reference/render.test.ts` fails when it no longer matches the code.\n";
  return [intro, ...sections.map((s) => `## ${s.heading}\n\n\`\`\`\n${s.text.trimEnd()}\n\`\`\`\n`)].join("\n");
}

/** The text with every run of white space as one space: help wraps to the terminal's width. */
export function withoutLayout(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
