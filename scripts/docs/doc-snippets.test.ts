/**
 * The doc-snippet test: every command README.md and docs/**\/*.md show is
 * either run here (the safe ones, in-process through the CLI's `main`) or
 * marked, and every `fencecheck ...` names a real command and real options
 * (snippets.ts has the rules and the markers). Data-driven over whatever
 * Markdown files exist.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../harness/cli/main.js";
import { allHelp, type CommandHelp } from "./cli-help.js";
import { judgeArgs, npmProblems, runnableArgs } from "./snippet-rules.js";
import { docCommands, fencecheckArgs, segments, type DocCommand } from "./snippets.js";

const ROOT = resolve(import.meta.dirname, "../..");
const scripts = new Set(Object.keys((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: object }).scripts));

function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownUnder(path) : name.endsWith(".md") ? [relative(ROOT, path)] : [];
  });
}

const DOCS = ["README.md", ...markdownUnder(join(ROOT, "docs"))].filter((f) => existsSync(join(ROOT, f)));
let helps: CommandHelp[] = [];
beforeAll(async () => {
  helps = await allHelp();
}, 120_000);

/** Runs `fencecheck <args>` in-process from the package root (an analyzed run folder is copied first); a problem when it exits 254 or 255. */
async function run(args: readonly string[], path: string): Promise<string | undefined> {
  const scratch = mkdtempSync(join(tmpdir(), "fencecheck-doc-snippet-"));
  const argv = path === "analyze" ? args.map((a) => (existsSync(join(ROOT, a, "config.json")) ? (cpSync(join(ROOT, a), join(scratch, "run"), { recursive: true }), join(scratch, "run")) : a)) : args;
  let err = "";
  try {
    const io = { out: () => undefined, err: (s: string) => void (err += s), isTty: false };
    const code = await main(argv, io, { cwd: ROOT, signal: new AbortController().signal });
    return code === 254 || code === 255 ? `exits ${code}: ${err.trim().split("\n")[0] ?? ""}` : undefined;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** What is wrong with one shown command: bad names, or (an unmarked fenced block's) not runnable or failing when run. */
async function problemsOf(command: DocCommand): Promise<string[]> {
  const problems: string[] = [];
  const mustRun = command.source === "fenced" && command.marker === undefined;
  for (const segment of segments(command.text)) {
    const args = fencecheckArgs(segment);
    problems.push(...npmProblems(segment, scripts));
    if (args === undefined) {
      if (mustRun) problems.push(`\`${segment.join(" ")}\` is not run by the doc-snippet test: mark its block <!-- not-run: why --> or <!-- sample -->`);
      continue;
    }
    const judged = judgeArgs(args, helps);
    problems.push(...judged.problems);
    if (!mustRun || judged.problems.length > 0) continue;
    if (!runnableArgs(judged.path, args, (f) => existsSync(join(ROOT, f)))) {
      problems.push(`\`fencecheck ${args.join(" ")}\` is not one the doc-snippet test runs (help, list, check or analyze of a file in the repository): mark its block <!-- not-run: why -->`);
    } else {
      const failed = await run(args, judged.path);
      if (failed !== undefined) problems.push(`\`fencecheck ${args.join(" ")}\` ${failed}`);
    }
  }
  return problems.map((p) => `${command.file}:${command.line}: ${p}`);
}

describe("judging one shown command", () => {
  const shown = (text: string, marker?: "not-run"): DocCommand => ({ file: "d.md", line: 3, text, source: "fenced", marker });

  it("runs an unmarked block's command and names it when it exits 254", async () => {
    expect(await problemsOf(shown("fencecheck check --model nope package.json"))).toEqual([expect.stringMatching(/^d\.md:3: `fencecheck check --model nope package\.json` exits 254: .*nope/)]);
    expect(await problemsOf(shown("fencecheck check harness/store/fixtures/reference-fenced-pause-holder/history.jsonl"))).toEqual([]);
  }, 60_000);

  it("asks for a marker on a command it does not run, and judges a marked one by its names alone", async () => {
    expect(await problemsOf(shown("fencecheck run --seed 7"))).toEqual([expect.stringContaining("mark its block <!-- not-run: why -->")]);
    expect(await problemsOf(shown("fencecheck run --seed 7", "not-run"))).toEqual([]);
    expect(await problemsOf(shown("fencecheck run --sed 7", "not-run"))).toEqual(["d.md:3: `fencecheck run` has no option --sed"]);
  });
});

describe("the commands the docs show", () => {
  it.each(DOCS)("%s: every command names real commands, options and scripts; every shell block is run or marked", async (file) => {
    const { commands, problems } = docCommands(file, readFileSync(join(ROOT, file), "utf8"));
    for (const command of commands) problems.push(...(await problemsOf(command)));
    expect(problems).toEqual([]);
  }, 120_000);
});
