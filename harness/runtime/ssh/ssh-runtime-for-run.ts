/**
 * The ssh runtime as a run needs it: the hosts and placement from the
 * run's config, the store's paths mapped onto the hosts, a user's adapter
 * module's folder deployed with the package, and the programs the lock
 * service's launch names required on the lock nodes' hosts. The run's
 * adapter comes loaded (`resolveRun`): nothing here loads it again.
 */
import { dirname, isAbsolute, relative } from "node:path";
import { HarnessError, createSystemClock, messageOf } from "../../../core/index.js";
import type { NodeId, RunConfig } from "../../../core/index.js";
import { loadLockAdapter, type LockAdapter } from "../../../workloads/index.js";
import { ADAPTER_FOLDER_MAX_BYTES, adapterShare, homeFolders } from "../common/adapter-files.js";
import { packageRoot } from "../common/package-root.js";
import { withExistingService } from "./existing-service.js";
import { binaryRequirement, type Requirement } from "./host-checks.js";
import { createSshRuntime, type SshRuntime } from "./ssh-runtime.js";

/** What the ssh runtime of a run needs besides its config. */
export interface SshRunOptions {
  /** The run's lock adapter, as loaded for it: its module's `files` are deployed, its launch's program required. */
  readonly adapter: LockAdapter;
  /** Receives a line as each host is prepared. */
  readonly log: (line: string) => void;
}

/** Creates the ssh runtime for `config` (which must carry `ssh`), its lock adapter `opts.adapter`. */
export async function sshRuntimeForRun(config: RunConfig, opts: SshRunOptions): Promise<SshRuntime> {
  const ssh = config.ssh;
  if (!ssh) throw new HarnessError("config.invalid", "Cannot use the ssh runtime: the run names no hosts");
  const module = isAbsolute(config.lock.adapter) ? config.lock.adapter : undefined;
  const runtime = createSshRuntime({
    hosts: ssh.hosts, user: ssh.user, port: ssh.port, keyFile: ssh.keyFile, knownHostsFile: ssh.knownHostsFile, acceptNew: ssh.acceptNewHostKeys,
    ...(ssh.placement ? { placement: new Map(Object.entries(ssh.placement) as [NodeId, string][]) } : {}),
    ...(module ? { adapter: adapterShare(module, opts.adapter.files, { homes: homeFolders(), maxBytes: ADAPTER_FOLDER_MAX_BYTES, skip: config.storeDir }) } : {}),
    storeDir: config.storeDir, packageRoot: packageRoot(), lockRequirements: lockRequirements(config, opts.adapter), log: opts.log,
    ...(ssh.watchdogS === undefined ? {} : { watchdogS: ssh.watchdogS }), sudo: ssh.sudo === true,
  });
  return config.lock.existing ? withExistingService(runtime, config.lock.existing, createSystemClock()) : runtime;
}

function lockRequirements(config: RunConfig, adapter: LockAdapter): Requirement[] {
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
