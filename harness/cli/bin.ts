#!/usr/bin/env node
/**
 * The `fencecheck` executable: wires the real process into the CLI. `check`
 * is dispatched here, before commander or any other module loads, to the
 * one-file bundle `npm run build` makes of it (dist/bundle/check.cjs), so a
 * small check costs little more than Node's own start; without the bundle
 * (dist built by tsc alone) the same code runs from its modules.
 */
import { createRequire } from "node:module";
import type { ExitCode } from "./io.js";

type CheckEntry = typeof import("./check-process.js");

const argv = process.argv.slice(2);
process.exitCode = argv[0] === "check" ? await (await checkEntry()).runCheckProcess(argv) : await runCli(argv);

/** Every command but `check`: the whole CLI, each command's module loaded when named. */
async function runCli(args: readonly string[]): Promise<ExitCode> {
  const [{ runProcess }, { main }] = await Promise.all([import("./run-process.js"), import("./main.js")]);
  return runProcess(args, main);
}

/** The check bundle, or the modules it is made of when it was not built. */
async function checkEntry(): Promise<CheckEntry> {
  const bundle = "../../bundle/check.cjs";
  try {
    return createRequire(import.meta.url)(bundle) as CheckEntry;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "MODULE_NOT_FOUND" || !String((error as Error).message).includes(bundle)) throw error;
    return import("./check-process.js");
  }
}
