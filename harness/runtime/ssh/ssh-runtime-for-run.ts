/**
 * The ssh runtime as a run needs it: the hosts and placement from the
 * run's config, the store's paths mapped onto the hosts, and the lock
 * service's own binaries required on the lock nodes' hosts.
 */
import { isAbsolute } from "node:path";
import { HarnessError } from "../../../core/index.js";
import type { NodeId, RunConfig } from "../../../core/index.js";
import { loadLockAdapter } from "../../../workloads/index.js";
import { packageRoot } from "../common/package-root.js";
import { binaryRequirement, type Requirement } from "./host-checks.js";
import { createSshRuntime, type SshRuntime } from "./ssh-runtime.js";

/** Creates the ssh runtime for `config` (which must carry `ssh`). */
export async function sshRuntimeForRun(config: RunConfig, log: (line: string) => void): Promise<SshRuntime> {
  const ssh = config.ssh;
  if (!ssh) throw new HarnessError("config.invalid", "Cannot use the ssh runtime: the run names no hosts");
  if (isAbsolute(config.lock.adapter)) {
    throw new HarnessError("config.invalid", `Cannot use the ssh runtime with adapter module "${config.lock.adapter}": only built-in lock services are deployed to the hosts`);
  }
  return createSshRuntime({
    hosts: ssh.hosts, user: ssh.user, port: ssh.port, keyFile: ssh.keyFile, knownHostsFile: ssh.knownHostsFile, acceptNew: ssh.acceptNewHostKeys,
    ...(ssh.placement ? { placement: new Map(Object.entries(ssh.placement) as [NodeId, string][]) } : {}),
    storeDir: config.storeDir, packageRoot: packageRoot(), lockRequirements: await lockRequirements(config), log,
    ...(ssh.watchdogS === undefined ? {} : { watchdogS: ssh.watchdogS }), sudo: ssh.sudo === true,
  });
}

async function lockRequirements(config: RunConfig): Promise<Requirement[]> {
  return config.lock.endpoints?.length ? [] : lockServiceRequirements(config.lock.adapter);
}

/** The absolute program a lock adapter's nodes run, unless it is Node itself (deployed). */
export async function lockServiceRequirements(adapter: string): Promise<Requirement[]> {
  const service = (await loadLockAdapter(adapter)).adapter.service;
  if (!service) return [];
  const probe = { id: "l1", host: "127.0.0.1", port: 7001, dataDir: "/tmp" };
  const program = service.start(probe, [probe]).argv[0];
  return program !== undefined && isAbsolute(program) && program !== process.execPath ? [binaryRequirement(program)] : [];
}
