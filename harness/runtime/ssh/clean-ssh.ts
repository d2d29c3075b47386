/**
 * `fencecheck clean --runtime ssh`: removes from every host what runs left
 * (a harness killed with SIGKILL cannot stop its nodes): the processes
 * marked with a run, our iptables jumps and chains, the run folders. Every host is
 * cleaned whatever the others did, and each says what it removed and what
 * it could not.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { checkRunId, createSystemClock, messageOf } from "../../../core/index.js";
import { cleanHost, cleanupScript, type CleanupScope, type HostCleanup } from "./host-cleanup.js";
import { connectHost, type SshTarget } from "./ssh-connection.js";

/** What was removed from one host, and what could not be (an unreachable host is a failure). */
export type HostCleanResult = HostCleanup;

/** What `cleanSsh` reaches: one run; or, without it, every run (`all`) or this controller's. */
export interface SshCleanScope {
  readonly runId?: string;
  readonly all?: boolean;
  /** Needed without `runId` or `all`. */
  readonly controllerId?: string;
}

/**
 * Cleans every host (one run's leftovers with `runId`; every run's with
 * `all`; this controller's runs' otherwise, the others named and left), in
 * parallel; resolves with one result per host, in order. Throws
 * "config.invalid" before any connection for a run or controller id not of
 * its form.
 */
export async function cleanSsh(targets: readonly SshTarget[], given: SshCleanScope): Promise<HostCleanResult[]> {
  const scope: CleanupScope = given.runId !== undefined ? { runId: checkRunId(given.runId) } : given.all === true ? { all: true } : { controllerId: given.controllerId ?? "" };
  cleanupScript(scope); // Made once here so that a bad id throws before any connection.
  const clock = createSystemClock();
  const defaultKeys = ["id_ed25519", "id_ecdsa", "id_rsa"].map((f) => join(homedir(), ".ssh", f));
  return Promise.all(targets.map(async (target): Promise<HostCleanResult> => {
    let host;
    try {
      host = await connectHost(target, { timeoutMs: 8_000, clock, defaultKeys });
    } catch (error) {
      return { host: target.host, processes: 0, chains: 0, failures: [messageOf(error)] };
    }
    try {
      return await cleanHost(host, scope, { clock });
    } finally {
      host.close();
    }
  }));
}
