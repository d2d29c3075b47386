import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { CLI_REFERENCE_PAGE, renderCliReference, subcommandsOf, withoutLayout } from "./render.js";

// Rendering loads every command's module: slow on a loaded machine, and nothing here is timed.
vi.setConfig({ testTimeout: 60_000 });

const ROOT = resolve(import.meta.dirname, "../..");

describe("the CLI reference page", () => {
  it("is every command's --help as the code prints it today (else: node dist/scripts/cli-reference.js)", async () => {
    const page = readFileSync(join(ROOT, CLI_REFERENCE_PAGE), "utf8");
    expect(withoutLayout(page)).toBe(withoutLayout(await renderCliReference()));
  });

  it("has a section for every command and subcommand", async () => {
    const page = await renderCliReference();
    for (const title of ["fencecheck run", "fencecheck analyze", "fencecheck scenario run", "fencecheck hosts prepare", "fencecheck images build"]) expect(page).toContain(`## \`${title}\``);
  });

  it("finds the subcommands a help text lists, leaving out help", () => {
    const help = "Usage: x\n\nCommands:\n  list             what\n  run [options]    more\n                   wrapped\n  help [command]   display help\n";
    expect(subcommandsOf(help)).toEqual(["list", "run"]);
    expect(subcommandsOf("Usage: x\n\nOptions:\n  -h, --help\n")).toEqual([]);
  });
});
