/**
 * The ssh runtime as a run needs it: the hosts and placement from the
 * run's config, the store's paths mapped onto the hosts, a user's adapter
 * module's folder deployed with the package, and the programs the lock
 * service's launch names required on the lock nodes' hosts.
 */
import { dirname, isAbsolute, relative } from "node:path";
import { HarnessError, createSystemClock, messageOf } from "../../../core/index.js";
import type { NodeId, RunConfig } from "../../../core/index.js";
import { loadLockAdapter } from "../../../workloads/index.js";
import { ADAPTER_FOLDER_MAX_BYTES, adapterShare, homeFolders } from "../common/adapter-files.js";
import { packageRoot } from "../common/package-root.js";
import { withExistingService } from "./existing-service.js";
import { binaryRequirement, type Requirement } from "./host-checks.js";
import { createSshRuntime, type SshRuntime } from "./ssh-runtime.js";

/** Creates the ssh runtime for `config` (which must carry `ssh`). */
export async function sshRuntimeForRun(config: RunConfig, log: (line: string) => void): Promise<SshRuntime> {
  const ssh = config.ssh;
  if (!ssh) throw new HarnessError("config.invalid", "Cannot use the ssh runtime: the run names no hosts");
  const module = isAbsolute(config.lock.adapter) ? config.lock.adapter : undefined;
  const runtime = createSshRuntime({
    hosts: ssh.hosts, user: ssh.user, port: ssh.port, keyFile: ssh.keyFile, knownHostsFile: ssh.knownHostsFile, acceptNew: ssh.acceptNewHostKeys,
    ...(ssh.placement ? { placement: new Map(Object.entries(ssh.placement) as [NodeId, string][]) } : {}),
    ...(module ? { adapter: adapterShare(module, (await loadLockAdapter(module)).adapter.files, { homes: homeFolders(), maxBytes: ADAPTER_FOLDER_MAX_BYTES, skip: config.storeDir }) } : {}),
    storeDir: config.storeDir, packageRoot: packageRoot(), lockRequirements: await lockRequirements(config), log,
    ...(ssh.watchdogS === undefined ? {} : { watchdogS: ssh.watchdogS }), sudo: ssh.sudo === true,
  });
  return config.lock.existing ? withExistingService(runtime, config.lock.existing, createSystemClock()) : runtime;
}

async function lockRequirements(config: RunConfig): Promise<Requirement[]> {
  // An existing service is the user's: nothing of it is required, only found running.
  return config.lock.endpoints?.length || config.lock.existing ? [] : lockServiceRequirements(config.lock.adapter);
}

/**
 * Where the probe's node keeps its data: a folder that does not exist, so
 * a `service.start` that writes (it must not: files go in the launch's
 * `files`) fails here instead of writing on this machine.
 */
export const PROBE_DATA_DIR = "/nonexistent/fencecheck-probe/data";

/**
 * The program a lock adapter's nodes run (`service.start`'s argv[0]), as
 * a host must have it: none when it is Node itself (deployed) or lies in an
 * adapter module's folder (deployed with it); an absolute path must be
 * there, a bare name found in PATH. Learned by describing one node's
 * launch, which writes nothing; a `start` that throws is one line naming
 * the adapter ("config.invalid").
 */
export async function lockServiceRequirements(adapter: string): Promise<Requirement[]> {
  const service = (await loadLockAdapter(adapter)).adapter.service;
  if (!service) return [];
  const probe = { id: "l1", host: "127.0.0.1", port: 7001, dataDir: PROBE_DATA_DIR };
  let program: string | undefined;
  try {
    program = service.start(probe, [probe]).argv[0];
  } catch (error) {
    throw new HarnessError("config.invalid", `Cannot use lock service "${adapter}" on the hosts: its service.start threw while describing a node's launch (${messageOf(error)}); start must only describe the launch, with the files it needs in "files"`);
  }
  if (program === undefined || program === "" || program === process.execPath) return [];
  if (isAbsolute(adapter) && isAbsolute(program) && !relative(dirname(adapter), program).startsWith("..")) return [];
  return [isAbsolute(program) ? binaryRequirement(program) : { program, install: `install "${program}"` }];
}
