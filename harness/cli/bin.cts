#!/usr/bin/env node
/**
 * The `fencecheck` executable (package.json's bin), CommonJS so that Node
 * starts it without its ES module loader. `check` is dispatched here, before
 * commander or any other module loads, to the one-file bundle `npm run build`
 * makes of it (dist/bundle/check.cjs, with its code cache: load-bundle.cts),
 * so a small check costs little more than Node's own start. Every other
 * command, and `check` when the bundle was not built or is older than the
 * modules it is made of (tsc run alone), runs from its ES modules.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import type { ExitCode } from "./io.js";
import { loadBundle } from "./load-bundle.cjs";

type CheckEntry = typeof import("./check-process.js");

const argv = process.argv.slice(2);
void Promise.resolve()
  .then(() => (argv[0] === "check" ? checkEntry().runCheckProcess(argv) : runCli(argv)))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // A module that cannot load (a broken or half-rebuilt install) is a
      // harness failure: Node's own exit 1 for it would read as INVALID.
      const line = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
      process.stderr.write(`fencecheck: could not start: ${line}\n`);
      process.exitCode = 255;
    },
  );

/** Every command but `check`: the whole CLI, each command's module loaded when named. */
async function runCli(args: readonly string[]): Promise<ExitCode> {
  const [{ runProcess }, { main }] = await Promise.all([import("./run-process.js"), import("./main.js")]);
  return runProcess(args, main);
}

/** The check bundle, or the modules it is made of when it was not built from them (tsc rewrites them all). */
function checkEntry(): Pick<CheckEntry, "runCheckProcess"> {
  const bundle = join(__dirname, "..", "..", "bundle", "check.cjs");
  const built = statSync(bundle, { throwIfNoEntry: false });
  if (built !== undefined && built.mtimeMs >= statSync(join(__dirname, "check-process.js")).mtimeMs) return loadBundle(bundle).exports as CheckEntry;
  return { runCheckProcess: async (args) => (await import("./check-process.js")).runCheckProcess(args) };
}
