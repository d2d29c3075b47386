/** `fencecheck list`: what can be run, each with one line on what it is. */
import { Command } from "commander";
import { faultPackages } from "../../nemesis/index.js";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";

/** Builds the `list` command. */
export function listCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return new Command("list").description("List lock services, storages, workloads and faults").action(() => {
    const out = (line: string): void => ctx.io.out(line + "\n");
    out("lock services (--lock):");
    out("  reference   ours: leases with a TTL on the server's clock, a fencing token per resource that grows with every grant");
    out("  <path.mjs>  your own adapter module (see README, \"Writing an adapter\")");
    out("storages (--storage):");
    out("  fenced      rejects a write whose token is below the highest it accepted for that key");
    out("  unfenced    accepts every write, like a plain file or an object store without conditions");
    out("workloads:");
    out("  lock-write  each client loops acquire -> read -> write under its token -> release");
    out("faults (--nemesis):");
    for (const p of faultPackages()) out(`  ${p.name.padEnd(12)}${p.description}`);
    setExit(0);
  });
}
