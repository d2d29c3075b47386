/**
 * The CLI reference page (docs/reference/cli.md): every command's and
 * subcommand's `--help`, as the CLI prints it, in help order. Made by
 * running the CLI's `main` in this process, so the page is what the code
 * says; `cli-reference.test.ts` fails when the page drifts from it.
 */
import { homedir } from "node:os";
import { stripVTControlCharacters } from "node:util";
import { main } from "../../harness/index.js";

/** The page's path from the package root. */
export const CLI_REFERENCE_PAGE = "docs/reference/cli.md";

/** What `fencecheck <argv> --help` prints, without colours, the user's home directory as `~`. */
export async function helpOf(argv: readonly string[]): Promise<string> {
  let out = "";
  const io = { out: (text: string) => void (out += text), err: (text: string) => void (out += text), isTty: false };
  await main([...argv, "--help"], io, { cwd: process.cwd(), signal: new AbortController().signal });
  return stripVTControlCharacters(out).split(homedir()).join("~");
}

/** The subcommand names a help text lists under "Commands:", without `help`. */
export function subcommandsOf(help: string): string[] {
  const section = help.split("\nCommands:\n")[1];
  if (section === undefined) return [];
  return [...section.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1]!).filter((name) => name !== "help");
}

/** The whole page: a title, then one section per command and subcommand, each its help in a code block. */
export async function renderCliReference(): Promise<string> {
  const sections: { readonly title: string; readonly help: string }[] = [];
  const top = await helpOf([]);
  sections.push({ title: "fencecheck", help: top });
  for (const name of subcommandsOf(top)) {
    const help = await helpOf([name]);
    sections.push({ title: `fencecheck ${name}`, help });
    for (const sub of subcommandsOf(help)) sections.push({ title: `fencecheck ${name} ${sub}`, help: await helpOf([name, sub]) });
  }
  const intro = "# CLI reference\n\nEvery command's `--help`, as `fencecheck` prints it. Written by `node dist/scripts/cli-reference.js` (after\n`npm run build`); `scripts/cli-reference/render.test.ts` fails when it no longer matches the code.\n";
  return [intro, ...sections.map((s) => `## \`${s.title}\`\n\n\`\`\`\n${s.help.trimEnd()}\n\`\`\`\n`)].join("\n");
}

/** The text with every run of white space as one space: help wraps to the terminal's width. */
export function withoutLayout(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
