/**
 * A run resolved once, before anything starts (Jepsen builds its test map
 * once; `run!` only adds to it): the lock adapter loaded, the lock service
 * settled by it (node count, existing service, the refusals), the nodes
 * placed on the ssh hosts, the adapter's lease declaration recorded, and the
 * nemesis plan drawn from that final config. The CLI (`fencecheck run`,
 * `demo`, `matrix`, `scenario`) and the programmatic API (`runTest(config)`)
 * both come through here; the runtimes, `runTest` and the services take
 * what it returns and load the adapter no more.
 */
import { parseLeaseDeclaration, runNodes, type NodeId, type RunConfig, type SshConfig } from "../../../core/index.js";
import { resolveNemesis, type NemesisPlan } from "../../../nemesis/index.js";
import { loadLockAdapter, type LoadedLockAdapter } from "../../../workloads/index.js";
import { placeNodes } from "../../runtime/index.js";
import { lockServiceOf } from "./resolve-lock-service.js";

/** A run ready to start: its final config, its loaded lock adapter and its nemesis plan. */
export interface ResolvedRun {
  /** What config.json records: lock nodes, existing service, lease declaration and ssh placement included. */
  readonly config: RunConfig;
  /** The lock adapter `config.lock.adapter` names, loaded once for the whole run. */
  readonly adapter: LoadedLockAdapter;
  /** The run's nemesis, resolved from `config` (`resolveNemesis`). */
  readonly nemesis: NemesisPlan;
}

/** How to resolve a run besides its config. */
export interface ResolveRunOptions {
  /** The user gave the number of lock nodes (`--lock-nodes`); false takes the adapter's own. Default true: a config carries a count. */
  readonly nodesGiven?: boolean;
  /**
   * The ssh runtime's hosts and login, with the nodes the user placed
   * (`placement`, possibly some only), read once the lock service is
   * settled (the CLI's options and files); asked only of a run on the ssh
   * runtime. By default the config's own `ssh`.
   */
  readonly sshHosts?: () => SshConfig;
}

/**
 * Loads the lock adapter once and resolves `given` into the run it
 * describes. Throws "adapter.invalid" for an adapter that does not load or
 * has nothing to start, "config.invalid" for a lock service, placement or
 * nemesis the run cannot use; starts nothing and writes nothing.
 */
export async function resolveRun(given: RunConfig, opts: ResolveRunOptions = {}): Promise<ResolvedRun> {
  const adapter = await loadLockAdapter(given.lock.adapter);
  const settled = lockServiceOf(given, adapter, { nodesGiven: opts.nodesGiven ?? true });
  const placed = placedOnHosts(settled, opts.sshHosts);
  // Stored with the run, so that a later `fencecheck analyze` judges leases the same way.
  const lease = parseLeaseDeclaration(adapter.adapter.info?.lease);
  const config = lease !== undefined ? { ...placed, lock: { ...placed.lock, lease } } : placed;
  return { config, adapter, nemesis: resolveNemesis(config) };
}

/** True for a resolved run, false for a bare config (which has no `adapter` of its own: it is `lock.adapter`). */
export function isResolvedRun(run: ResolvedRun | RunConfig): run is ResolvedRun {
  return "adapter" in run && "nemesis" in run && "config" in run;
}

/**
 * A run on the ssh runtime with every node on a host (the user's choices
 * first, the rest by `placeNodes`' default, as the runtime would place
 * them); any other run as it is. Throws "config.invalid" when they do not fit.
 */
function placedOnHosts(config: RunConfig, sshHosts: (() => SshConfig) | undefined): RunConfig {
  if (config.runtime !== "ssh") return config;
  const ssh = sshHosts?.() ?? config.ssh;
  if (!ssh) return config;
  const chosen = new Map(Object.entries(ssh.placement ?? {}) as [NodeId, string][]);
  return { ...config, ssh: { ...ssh, placement: Object.fromEntries(placeNodes(runNodes(config), ssh.hosts, chosen)) } };
}
