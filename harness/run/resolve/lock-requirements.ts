/**
 * What a lock service asks of the hosts that run its nodes: the program its
 * adapter's launch names, learned by describing one node's launch. Lock
 * knowledge lives here, in harness/run; the ssh runtime is told the result.
 */
import { dirname, isAbsolute, relative } from "node:path";
import { HarnessError, messageOf } from "../../../core/index.js";
import type { RunConfig } from "../../../core/index.js";
import { loadLockAdapter, type LockAdapter } from "../../../workloads/index.js";
import { binaryRequirement, type Requirement } from "../../runtime/index.js";

/** The programs the lock nodes' hosts of `config` must have: none for a service the user runs (found, not launched). */
export function lockRequirements(config: RunConfig, adapter: LockAdapter): Requirement[] {
  // An existing service is the user's: nothing of it is required, only found running.
  return config.lock.endpoints?.length || config.lock.existing ? [] : launchRequirements(adapter, config.lock.adapter);
}

/**
 * Where the probe's node keeps its data: a folder that does not exist, so
 * a `service.start` that writes (it must not: files go in the launch's
 * `files`) fails here instead of writing on this machine.
 */
export const PROBE_DATA_DIR = "/nonexistent/fencecheck-probe/data";

/**
 * The program the nodes of the lock adapter `adapter` names run, as a host
 * must have it (`launchRequirements`), the adapter loaded here: for
 * `fencecheck hosts prepare`, which has no run.
 */
export async function lockServiceRequirements(adapter: string): Promise<Requirement[]> {
  return launchRequirements((await loadLockAdapter(adapter)).adapter, adapter);
}

/**
 * The program a lock adapter's nodes run (`service.start`'s argv[0]), as
 * a host must have it: none when it is Node itself (deployed) or lies in an
 * adapter module's folder (`source`, the path it was loaded from: deployed
 * with it); an absolute path must be there, a bare name found in PATH.
 * Learned by describing one node's launch, which writes nothing; a `start`
 * that throws is one line naming the adapter ("config.invalid").
 */
export function launchRequirements(adapter: LockAdapter, source: string): Requirement[] {
  const service = adapter.service;
  if (!service) return [];
  const probe = { id: "l1", host: "127.0.0.1", port: 7001, dataDir: PROBE_DATA_DIR };
  let program: string | undefined;
  try {
    program = service.start(probe, [probe]).argv[0];
  } catch (error) {
    throw new HarnessError("config.invalid", `Cannot use lock service "${source}" on the hosts: its service.start threw while describing a node's launch (${messageOf(error)}); start must only describe the launch, with the files it needs in "files"`);
  }
  if (program === undefined || program === "" || program === process.execPath) return [];
  if (isAbsolute(source) && isAbsolute(program) && !relative(dirname(source), program).startsWith("..")) return [];
  return [isAbsolute(program) ? binaryRequirement(program) : { program, install: `install "${program}"` }];
}
