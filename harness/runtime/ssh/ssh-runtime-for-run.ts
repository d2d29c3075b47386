/**
 * The ssh runtime as a run needs it: the hosts and placement from the
 * run's config, the store's paths mapped onto the hosts, a user's adapter
 * module's folder deployed with the package, and the programs the lock
 * service's launch names (`opts.lockRequirements`) required on the lock
 * nodes' hosts. The runtime knows no lock adapter: harness/run tells it
 * what of the adapter it needs.
 */
import { isAbsolute } from "node:path";
import { HarnessError, createSystemClock } from "../../../core/index.js";
import type { NodeId, RunConfig } from "../../../core/index.js";
import { ADAPTER_FOLDER_MAX_BYTES, adapterShare, homeFolders } from "../common/adapter-files.js";
import { packageRoot } from "../common/package-root.js";
import { withExistingService } from "./existing-service.js";
import type { Requirement } from "./host-checks.js";
import { createSshRuntime, type SshRuntime } from "./ssh-runtime.js";

/** What the ssh runtime of a run needs besides its config. */
export interface SshRunOptions {
  /** The files the run's adapter module declares (its `files`): what is deployed of its folder; the whole folder when undefined. */
  readonly adapterFiles: readonly string[] | undefined;
  /** The programs the lock nodes' hosts must have (harness/run/resolve/lock-requirements.ts: the adapter's launch). */
  readonly lockRequirements: readonly Requirement[];
  /** Receives a line as each host is prepared. */
  readonly log: (line: string) => void;
}

/** Creates the ssh runtime for `config` (which must carry `ssh`). */
export async function sshRuntimeForRun(config: RunConfig, opts: SshRunOptions): Promise<SshRuntime> {
  const ssh = config.ssh;
  if (!ssh) throw new HarnessError("config.invalid", "Cannot use the ssh runtime: the run names no hosts");
  const module = isAbsolute(config.lock.adapter) ? config.lock.adapter : undefined;
  const runtime = createSshRuntime({
    hosts: ssh.hosts, user: ssh.user, port: ssh.port, keyFile: ssh.keyFile, knownHostsFile: ssh.knownHostsFile, acceptNew: ssh.acceptNewHostKeys,
    ...(ssh.placement ? { placement: new Map(Object.entries(ssh.placement) as [NodeId, string][]) } : {}),
    ...(module ? { adapter: adapterShare(module, opts.adapterFiles, { homes: homeFolders(), maxBytes: ADAPTER_FOLDER_MAX_BYTES, skip: config.storeDir }) } : {}),
    storeDir: config.storeDir, packageRoot: packageRoot(), lockRequirements: [...opts.lockRequirements], log: opts.log,
    ...(ssh.watchdogS === undefined ? {} : { watchdogS: ssh.watchdogS }), sudo: ssh.sudo === true,
  });
  return config.lock.existing ? withExistingService(runtime, config.lock.existing, createSystemClock()) : runtime;
}
