/**
 * The commands the docs show, found and judged without running anything:
 * every line of a fenced ```sh, ```bash or ```shell block, every
 * command-looking line of an indented code block, and every inline code
 * span that starts with `fencecheck`. The doc-snippet test
 * (snippets.test.ts) runs the safe ones and checks the rest against the
 * CLI's own help.
 *
 * The rules for a fenced shell block (the markers are HTML comments on the
 * line right above its fence, invisible once rendered):
 * - unmarked: every command in it is run by the test, so it may hold only
 *   the allow-listed ones (`runnableArgs`): help, `list`, `scenario list`,
 *   `validate --list`, `check` of files in the repository, `analyze` of a
 *   run folder in the repository (checked on a copy);
 * - `<!-- not-run: why -->`: not run (it needs root, Docker, minutes...);
 * - `<!-- sample -->`: sample output, or a session mixing commands and
 *   output; not looked at. A ```console, ```text or ```output block is
 *   sample output as well.
 * Whatever the block, every `fencecheck ...` shown (fenced, indented or
 * inline, sample blocks aside) must name a real command and real options of
 * it, and every `npm run <script>` a script of package.json (judged by
 * snippet-rules.ts).
 */
/** How a fenced block is marked; undefined for none (or for indented blocks and inline spans). */
export type Marker = "sample" | "not-run" | undefined;

/** One command shown in a doc. */
export interface DocCommand {
  readonly file: string;
  /** 1-based line where it starts. */
  readonly line: number;
  /** The command, continuation lines joined, without a `$ ` prompt. */
  readonly text: string;
  readonly source: "fenced" | "indented" | "inline";
  readonly marker: Marker;
}

const SHELL = new Set(["sh", "bash", "shell"]);
const OUTPUT = new Set(["console", "text", "output"]);
const MARKER_RE = /^<!--\s*(sample|not-run)\b(?::\s*(.*?))?\s*-->$/;
/** Ways the docs call the CLI. */
const CLI_PREFIXES = [["fencecheck"], ["npx", "fencecheck"], ["node", "dist/harness/cli/bin.js"], ["node", "dist/harness/cli/bin.cjs"], ["./node_modules/.bin/fencecheck"]];

/** The marker on the line above a fence, or a problem when the comment looks like a marker but is not one. */
function markerAbove(line: string | undefined): { marker: Marker; problem?: string } {
  const text = (line ?? "").trim();
  const m = MARKER_RE.exec(text);
  if (m === null) return { marker: undefined, ...(/^<!--\s*(sample|not-run)/.test(text) ? { problem: `a marker is <!-- sample --> or <!-- not-run: why -->, not ${text}` } : {}) };
  if (m[1] === "not-run" && !m[2]) return { marker: "not-run", problem: "<!-- not-run --> needs its reason: <!-- not-run: needs Docker -->" };
  return { marker: m[1] as Marker };
}

/** The commands of a shell block's lines: comments and blank lines dropped, `\` continuations joined, a `$ ` prompt removed. */
function commandsOfLines(lines: readonly string[], firstLine: number): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let pending: { line: number; text: string } | undefined;
  lines.forEach((raw, i) => {
    const text = raw.trim().replace(/^\$\s+/, "");
    if (pending === undefined && (text === "" || text.startsWith("#"))) return;
    const joined = pending === undefined ? { line: firstLine + i, text } : { line: pending.line, text: `${pending.text} ${text}` };
    if (text.endsWith("\\")) pending = { ...joined, text: joined.text.slice(0, -1).trimEnd() };
    else {
      pending = undefined;
      out.push(joined);
    }
  });
  if (pending !== undefined) out.push(pending);
  return out;
}

/** Every command a Markdown file shows, and the problems of its markers. */
export function docCommands(file: string, markdown: string): { commands: DocCommand[]; problems: string[] } {
  const lines = markdown.split("\n");
  const commands: DocCommand[] = [];
  const problems: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)(```+|~~~+)\s*([\w-]*)/.exec(lines[i]!);
    if (fence !== null) {
      const close = lines.findIndex((l, j) => j > i && l.trim().startsWith(fence[2]!));
      const end = close < 0 ? lines.length : close;
      const lang = fence[3]!.toLowerCase();
      const { marker, problem } = markerAbove(lines[i - 1]);
      if (problem !== undefined) problems.push(`${file}:${i}: ${problem}`);
      if (SHELL.has(lang) && marker !== "sample") {
        for (const c of commandsOfLines(lines.slice(i + 1, end), i + 2)) commands.push({ file, ...c, source: "fenced", marker });
      } else if (marker !== undefined && !SHELL.has(lang) && !OUTPUT.has(lang)) {
        problems.push(`${file}:${i + 1}: a marker stands above a \`\`\`${lang} block; markers are for \`\`\`sh and \`\`\`bash blocks`);
      }
      i = end;
      continue;
    }
    // An indented code block: lines of 4 spaces after a blank line (not a list's continuation: those follow text).
    if (/^ {4}\S/.test(lines[i]!) && (i === 0 || lines[i - 1]!.trim() === "")) {
      let end = i;
      while (end < lines.length && (/^ {4}/.test(lines[end]!) || (lines[end]!.trim() === "" && /^ {4}/.test(lines[end + 1] ?? "")))) end++;
      for (const c of commandsOfLines(lines.slice(i, end), i + 1)) {
        // A table of commands ("fencecheck list      what it prints"): the description after a wide gap is not part of the command.
        const text = c.text.split(/ {2,}/)[0]!;
        if (isCommandLike(text)) commands.push({ file, ...c, text, source: "indented", marker: undefined });
      }
      i = end - 1;
      continue;
    }
    for (const span of lines[i]!.matchAll(/`([^`]+)`/g)) {
      const text = span[1]!.trim();
      if (fencecheckArgs(words(text)) !== undefined) commands.push({ file, line: i + 1, text, source: "inline", marker: undefined });
    }
  }
  return { commands, problems };
}

/** True for a line that starts with a call of the CLI or of npm. */
function isCommandLike(text: string): boolean {
  return segments(text).some((w) => fencecheckArgs(w) !== undefined || w[0] === "npm");
}

/** Shell words of a command: quotes removed, a trailing `# comment` dropped (no expansion). */
export function words(command: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const ch of command) {
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= "";
    } else if (/\s/.test(ch)) {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else if (ch === "#" && word === undefined) {
      break;
    } else {
      word = (word ?? "") + ch;
    }
  }
  if (word !== undefined) out.push(word);
  return out;
}

/**
 * The simple commands of a command line (split at `&&`, `||`, `;`, `|`),
 * each as words, leading `VAR=value`s and `sudo` dropped; a command
 * substitution `$(...)` is a command of its own, and a word `$SUB` where it stood.
 */
export function segments(command: string): string[][] {
  const inner: string[] = [];
  const outer = command.replace(/\$\(([^()]*)\)/g, (_, sub: string) => {
    inner.push(sub);
    return "$SUB";
  });
  return [...simpleCommands(outer), ...inner.flatMap(segments)];
}

function simpleCommands(command: string): string[][] {
  const out: string[][] = [[]];
  for (const w of words(command)) {
    if (["&&", "||", ";", "|"].includes(w)) out.push([]);
    else out.at(-1)!.push(w);
  }
  return out
    .map((seg) => {
      let k = 0;
      while (k < seg.length && (/^[A-Z_][A-Z0-9_]*=/.test(seg[k]!) || seg[k] === "sudo" || (seg[k - 1] === "sudo" && seg[k]!.startsWith("-")))) k++;
      return seg.slice(k);
    })
    .filter((seg) => seg.length > 0);
}

/** The CLI's arguments when `segment` calls fencecheck, else undefined. */
export function fencecheckArgs(segment: readonly string[]): string[] | undefined {
  const prefix = CLI_PREFIXES.find((p) => p.every((w, i) => segment[i] === w));
  return prefix === undefined ? undefined : segment.slice(prefix.length);
}
