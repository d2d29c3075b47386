import { describe, expect, it } from "vitest";
import { plainCheckArgs } from "./check-args.js";
import { checkCommand } from "./check-command.js";
import type { CheckArgs } from "./run-check.js";

const io = { out: () => undefined, err: () => undefined, isTty: false };

/** What commander makes of `argv` ("check" first) with the check command's own definition. */
async function commanderArgs(argv: readonly string[]): Promise<CheckArgs> {
  let parsed: CheckArgs | undefined;
  const command = checkCommand({ io, cwd: "/", argv, signal: new AbortController().signal }, () => undefined)
    .exitOverride()
    .action((files: string[], opts: Omit<CheckArgs, "files">) => {
      parsed = { ...opts, files };
    });
  await command.parseAsync(argv.slice(1), { from: "user" });
  return parsed!;
}

describe("the check's plain arguments", () => {
  const plain: readonly (readonly string[])[] = [
    ["check"],
    ["check", "a.edn"],
    ["check", "a.edn", "b.log", "c.jsonl"],
    ["check", "--model", "cas-register:0", "a.edn"],
    ["check", "a.edn", "--model", "mutex", "b.edn", "--timeout", "5"],
    ["check", "--model", "register", "--model", "cas-register", "a.edn"],
    ["check", "--format", "edn", "--max-memory", "512", "--initial", "3", "--timeout", "0.5", "a.edn"],
    ["check", "--manifest", "expected.tsv"],
    ["check", "--initial", '{"x":0}', "--model", "multi-register", "m.edn"],
  ];

  it.each(plain.map((argv) => ({ argv })))("are read as commander reads them: $argv", async ({ argv }) => {
    expect(plainCheckArgs(argv)).toEqual(await commanderArgs(argv));
  });

  it("are not read when commander must: help, an unknown or misspelt option, --opt=value, a value or file starting with a dash, a missing value, --", () => {
    const others = [
      ["check", "--help"],
      ["check", "-h", "a.edn"],
      ["check", "--bogus", "a.edn"],
      ["check", "--models", "mutex", "a.edn"],
      ["check", "--model=mutex", "a.edn"],
      ["check", "--initial", "-1", "a.edn"],
      ["check", "a.edn", "--model"],
      ["check", "--", "-a.edn"],
      ["check", "-"],
      ["check", "--constructor", "x"],
      ["list"],
      [],
    ];
    for (const argv of others) expect(plainCheckArgs(argv), JSON.stringify(argv)).toBeUndefined();
  });
});
