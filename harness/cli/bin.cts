#!/usr/bin/env node
/**
 * The `fencecheck` executable (package.json's bin), CommonJS so that Node
 * starts it without its ES module loader. `check` is dispatched here, before
 * commander or any other module loads, to the one-file bundle `npm run build`
 * makes of it (dist/bundle/check.cjs, with its code cache: load-bundle.cts),
 * so a small check costs little more than Node's own start. Every other
 * command, and `check` when the bundle was not built (dist made by tsc
 * alone), runs from its ES modules.
 */
import { join } from "node:path";
import type { ExitCode } from "./io.js";
import { loadBundle } from "./load-bundle.cjs";

type CheckEntry = typeof import("./check-process.js");

const argv = process.argv.slice(2);
void (argv[0] === "check" ? checkEntry().runCheckProcess(argv) : runCli(argv)).then((code) => {
  process.exitCode = code;
});

/** Every command but `check`: the whole CLI, each command's module loaded when named. */
async function runCli(args: readonly string[]): Promise<ExitCode> {
  const [{ runProcess }, { main }] = await Promise.all([import("./run-process.js"), import("./main.js")]);
  return runProcess(args, main);
}

/** The check bundle, or the modules it is made of when it was not built. */
function checkEntry(): Pick<CheckEntry, "runCheckProcess"> {
  const bundle = join(__dirname, "..", "..", "bundle", "check.cjs");
  try {
    return loadBundle(bundle).exports as CheckEntry;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" || (error as NodeJS.ErrnoException).path !== bundle) throw error;
    return { runCheckProcess: async (args) => (await import("./check-process.js")).runCheckProcess(args) };
  }
}
