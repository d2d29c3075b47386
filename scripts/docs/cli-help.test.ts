import { describe, expect, it } from "vitest";
import { allHelp, optionsOf, subcommandsOf } from "./cli-help.js";

const ROOT_HELP = `Usage: fencecheck [options] [command]

Options:
  -h, --help                   display help for command

Commands:
  run [options]                Run a test: start the nodes, run clients under
                               faults
  images                       Docker images
  help [command]               display help for command
`;
const IMAGES_HELP = `Usage: fencecheck images [options] [command]

Commands:
  build [options] [names...]  Build the images
  help [command]              display help for command
`;
const RUN_HELP = `Usage: fencecheck run [options]

Options:
  --lock <adapter>                  lock service: a built-in adapter
                                    or a path (default: "reference")
  --single-writer                   each client uses only its own resource
  -h, --help                        display help for command

Faults (--nemesis, comma-separated):
  pause-holder: SIGSTOP the client
`;

describe("reading the CLI's help", () => {
  it("finds the subcommands of a Commands section, without commander's help", () => {
    expect(subcommandsOf(ROOT_HELP)).toEqual(["run", "images"]);
    expect(subcommandsOf(RUN_HELP)).toEqual([]);
  });

  it("finds the long and short option names of an Options section, not its continuation lines", () => {
    expect(optionsOf(RUN_HELP)).toEqual(["--lock", "--single-writer", "-h", "--help"]);
  });

  it("walks every command and subcommand depth first", async () => {
    const texts: Record<string, string> = { "": ROOT_HELP, run: RUN_HELP, images: IMAGES_HELP, "images build": "Usage: build\n" };
    const helps = await allHelp(async (argv) => texts[argv.slice(0, -1).join(" ")] ?? "");
    expect(helps.map((h) => h.path)).toEqual(["", "run", "images", "images build"]);
    expect(helps[1]?.options).toContain("--single-writer");
  });
});
