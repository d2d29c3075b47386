#!/usr/bin/env node
/**
 * The `fencecheck` executable (package.json's bin), CommonJS so that Node
 * starts it without its ES module loader. `check` is dispatched here, before
 * commander or any other module loads, to the one-file bundle `npm run build`
 * makes of it (dist/bundle/check.cjs, with its code cache: load-bundle.cts),
 * so a small check costs little more than Node's own start. Every other
 * command, and `check` when the bundle was not built or is older than the
 * modules it is made of (tsc run alone), runs from its ES modules. The
 * other commands run from the CLI's bundle (dist/bundle/cli/cli.js, split
 * where modules load lazily), or from their modules in the same case.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ExitCode } from "./io.js";
import { loadBundle } from "./load-bundle.cjs";

type CheckEntry = typeof import("./check-process.js");
type CliEntry = typeof import("./cli-process.js");

const argv = process.argv.slice(2);
void Promise.resolve()
  .then(() => (argv[0] === "check" ? checkEntry().runCheckProcess(argv) : runCli(argv)))
  .then(
    (code) => {
      process.exitCode = code;
      endIfStillRunning(code);
    },
    (error: unknown) => {
      // A module that cannot load (a broken or half-rebuilt install) is a
      // harness failure: Node's own exit 1 for it would read as INVALID.
      const line = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
      process.stderr.write(`fencecheck: could not start: ${line}\n`);
      process.exitCode = 255;
    },
  );

/** How long the process may live on once its command has returned (flushing output, closing sockets). */
const LINGER_MS = 15_000;

/**
 * A command that returned has healed, stopped and written what it had to;
 * a handle it left open (a helper process's pipe, a socket) must not keep
 * the process running for ever, which a nightly job would meet as a hang.
 * After LINGER_MS this names what is still open on stderr and exits with
 * the command's code. The timer itself keeps nothing alive.
 */
function endIfStillRunning(code: ExitCode): void {
  setTimeout(() => {
    // This timer has fired, so a Timeout listed is another one (a retry, a heartbeat), which may be what keeps the process up.
    const open = process.getActiveResourcesInfo();
    process.stderr.write(`fencecheck: internal error: the process was still running ${LINGER_MS / 1000} s after the command ended (open: ${open.join(", ") || "nothing named"}); ending it\n`);
    process.exit(code);
  }, LINGER_MS).unref();
}

/** Every command but `check`: the whole CLI, each command's module loaded when named. */
async function runCli(args: readonly string[]): Promise<ExitCode> {
  const bundle = join(__dirname, "..", "..", "bundle", "cli", "cli.js");
  const entry: CliEntry = fresh(bundle, "cli-process.js") ? await import(pathToFileURL(bundle).href) : await import("./cli-process.js");
  return entry.runCliProcess(args);
}

/** True when `bundle` exists and was built after our module `module` beside this file (tsc rewrites them all). */
function fresh(bundle: string, module: string): boolean {
  const built = statSync(bundle, { throwIfNoEntry: false });
  const source = statSync(join(__dirname, module), { throwIfNoEntry: false });
  return built !== undefined && source !== undefined && built.mtimeMs >= source.mtimeMs;
}

/** The check bundle, or the modules it is made of when it was not built from them (tsc rewrites them all). */
function checkEntry(): Pick<CheckEntry, "runCheckProcess"> {
  const bundle = join(__dirname, "..", "..", "bundle", "check.cjs");
  if (fresh(bundle, "check-process.js")) return loadBundle(bundle).exports as CheckEntry;
  return { runCheckProcess: async (args) => (await import("./check-process.js")).runCheckProcess(args) };
}
