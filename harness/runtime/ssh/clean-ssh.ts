/**
 * `fencecheck clean --runtime ssh`: removes from every host what runs left
 * (a harness killed with SIGKILL cannot stop its nodes): the processes
 * marked with a run, our iptables chains, the run folders.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { createSystemClock } from "../../../core/index.js";
import { cleanupScript, parseCleanup } from "./host-cleanup.js";
import { runRemote } from "./remote-command.js";
import { connectHost, type SshTarget } from "./ssh-connection.js";

/** What was removed from one host, or why it could not be reached. */
export interface HostCleanResult {
  readonly host: string;
  readonly processes: number;
  readonly chains: number;
  readonly error?: string;
}

/** Cleans every host (one run's leftovers with `runId`, every run's otherwise), in parallel. */
export async function cleanSsh(targets: readonly SshTarget[], runId: string | undefined): Promise<HostCleanResult[]> {
  const clock = createSystemClock();
  const defaultKeys = ["id_ed25519", "id_ecdsa", "id_rsa"].map((f) => join(homedir(), ".ssh", f));
  return Promise.all(targets.map(async (target) => {
    try {
      const host = await connectHost(target, { timeoutMs: 8_000, clock, defaultKeys });
      try {
        const result = await runRemote(host, cleanupScript(runId), { clock, timeoutMs: 30_000 });
        return { host: target.host, ...parseCleanup(result.stdout) };
      } finally {
        host.close();
      }
    } catch (error) {
      return { host: target.host, processes: 0, chains: 0, error: (error as Error).message };
    }
  }));
}
