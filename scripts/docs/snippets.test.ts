import { describe, expect, it } from "vitest";
import type { CommandHelp } from "./cli-help.js";
import { judgeArgs, npmProblems, runnableArgs } from "./snippet-rules.js";
import { docCommands, fencecheckArgs, segments, words } from "./snippets.js";

const helps: CommandHelp[] = [
  { path: "", text: "", subcommands: ["run", "check", "list", "scenario"], options: ["-h", "--help"] },
  { path: "run", text: "", subcommands: [], options: ["--lock", "--seed", "-h", "--help"] },
  { path: "check", text: "", subcommands: [], options: ["--model", "-h", "--help"] },
  { path: "list", text: "", subcommands: [], options: ["-h", "--help"] },
  { path: "scenario", text: "", subcommands: ["list", "run"], options: ["-h", "--help"] },
  { path: "scenario list", text: "", subcommands: [], options: ["-h", "--help"] },
  { path: "scenario run", text: "", subcommands: [], options: ["--all", "-h", "--help"] },
];

const doc = [
  "Intro with `fencecheck run --lock etcd` inline.",
  "",
  "```sh",
  "fencecheck list",
  "# a comment",
  "$ fencecheck run \\",
  "    --seed 7",
  "```",
  "",
  "<!-- not-run: needs Docker -->",
  "```bash",
  "npm run build && fencecheck run --lock etcd",
  "```",
  "",
  "<!-- sample -->",
  "```sh",
  "fencecheck run --bogus",
  "```",
  "",
  "    fencecheck check h.jsonl    # an indented block",
  "    valid (linearizable: ok)",
  "",
].join("\n");

describe("finding the commands a doc shows", () => {
  it("takes inline spans, fenced shell lines (continuations joined, prompts and comments dropped) and command lines of indented blocks, with their markers", () => {
    const { commands, problems } = docCommands("d.md", doc);
    expect(problems).toEqual([]);
    expect(commands.map((c) => [c.line, c.source, c.marker, c.text])).toEqual([
      [1, "inline", undefined, "fencecheck run --lock etcd"],
      [4, "fenced", undefined, "fencecheck list"],
      [6, "fenced", undefined, "fencecheck run --seed 7"],
      [12, "fenced", "not-run", "npm run build && fencecheck run --lock etcd"],
      [20, "indented", undefined, "fencecheck check h.jsonl"],
    ]);
  });

  it("refuses a not-run marker without its reason, and a marker that is not one", () => {
    expect(docCommands("d.md", "<!-- not-run -->\n```sh\nx\n```\n").problems).toEqual([expect.stringContaining("needs its reason")]);
    expect(docCommands("d.md", "<!-- sample output -->\n```sh\nx\n```\n").problems).toEqual([expect.stringContaining("a marker is")]);
  });
});

describe("reading a command line", () => {
  it("splits words and simple commands, dropping comments, quotes, VAR= and sudo", () => {
    expect(words(`fencecheck check "a b.jsonl" --model 'kv' # why`)).toEqual(["fencecheck", "check", "a b.jsonl", "--model", "kv"]);
    expect(segments("FOO=1 sudo -E fencecheck list | grep etcd && npm test")).toEqual([["fencecheck", "list"], ["grep", "etcd"], ["npm", "test"]]);
    expect(fencecheckArgs(["node", "dist/harness/cli/bin.cjs", "list"])).toEqual(["list"]);
    expect(fencecheckArgs(["npx", "fencecheck", "run"])).toEqual(["run"]);
    expect(fencecheckArgs(["npm", "run", "demo"])).toBeUndefined();
  });

  it("takes a command substitution as a command of its own", () => {
    expect(segments("fencecheck run --seed 7 $(fencecheck hosts up --count 5 | tail -1)")).toEqual([
      ["fencecheck", "run", "--seed", "7", "$SUB"], ["fencecheck", "hosts", "up", "--count", "5"], ["tail", "-1"],
    ]);
  });

  it("leaves out the description of a table of commands in an indented block", () => {
    const { commands } = docCommands("d.md", "    fencecheck list          lists what can run (for --lock)\n");
    expect(commands.map((c) => c.text)).toEqual(["fencecheck list"]);
  });
});

describe("judging a fencecheck command against the CLI's help", () => {
  it("accepts real commands, subcommands and options, with placeholders", () => {
    expect(judgeArgs(["run", "--lock", "etcd", "--seed=7", "--lock", "<adapter>"], helps)).toEqual({ path: "run", problems: [] });
    expect(judgeArgs(["scenario", "run", "--all"], helps)).toEqual({ path: "scenario run", problems: [] });
    expect(judgeArgs(["help", "run"], helps).problems).toEqual([]);
    expect(judgeArgs(["scenario", "list|run"], helps).problems).toEqual([]);
  });

  it("names an unknown command, subcommand or option", () => {
    expect(judgeArgs(["fly"], helps).problems).toEqual(["`fencecheck` has no command fly"]);
    expect(judgeArgs(["scenario", "show"], helps).problems).toEqual(["`fencecheck scenario` has no command show"]);
    expect(judgeArgs(["run", "--speed", "9"], helps).problems).toEqual(["`fencecheck run` has no option --speed"]);
  });

  it("asks that npm run names a script of package.json", () => {
    expect(npmProblems(["npm", "run", "-s", "build"], new Set(["build"]))).toEqual([]);
    expect(npmProblems(["npm", "run", "bild"], new Set(["build"]))).toEqual(['package.json has no script "bild"']);
  });
});

describe("which commands the doc-snippet test runs", () => {
  const exists = (f: string): boolean => f === "h.jsonl" || f === "store/fixtures/run/config.json";
  it("runs help, the listings and checks of files that exist", () => {
    expect(runnableArgs("run", ["run", "--help"], exists)).toBe(true);
    expect(runnableArgs("list", ["list"], exists)).toBe(true);
    expect(runnableArgs("scenario list", ["scenario", "list"], exists)).toBe(true);
    expect(runnableArgs("check", ["check", "--model", "kv", "h.jsonl"], exists)).toBe(true);
    expect(runnableArgs("analyze", ["analyze", "store/fixtures/run"], exists)).toBe(true);
  });

  it("runs nothing that starts nodes, and no check of a file that is not there", () => {
    expect(runnableArgs("run", ["run", "--lock", "etcd"], exists)).toBe(false);
    expect(runnableArgs("check", ["check", "missing.jsonl"], exists)).toBe(false);
    expect(runnableArgs("check", ["check", "<file>"], exists)).toBe(false);
    expect(runnableArgs("scenario run", ["scenario", "run", "--all"], exists)).toBe(false);
  });
});
