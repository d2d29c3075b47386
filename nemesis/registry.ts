/**
 * The fault packages a run can ask for by name, with their documentation.
 * `fencecheck list` and `--help` read the descriptions from here, so they
 * cannot drift from what exists.
 */
import {
  anyOf,
  HarnessError,
  type Fault,
  type FaultShading,
  type HazardName,
  type NemesisPackage,
  type RunConfig,
  runNodes,
} from "../core/index.js";
import { composeNemeses, type FaultPackageSpec } from "./fault-package.js";
import type { NemesisContext } from "./leader/current-leader.js";
import { pausePackages } from "./pause/pause-packages.js";
import { partitionPackages } from "./partition/partition-packages.js";
import { killPackages } from "./kill/kill-packages.js";
import { netPackages } from "./net/net-packages.js";
import { clockPackages } from "./clock/clock-packages.js";
import { loseUnsyncedPackages } from "./disk/lose-unfsynced-packages.js";

/** Every known fault package; each fault kind contributes its own list. */
export function faultPackages(): readonly FaultPackageSpec[] {
  return [...pausePackages(), ...partitionPackages(), ...killPackages(), ...netPackages(), ...clockPackages(), ...loseUnsyncedPackages()];
}

/**
 * A run's nemesis, resolved once from the names in its configuration: what
 * it is called, what it needs of the runtime and the lock adapter, how the
 * report shades it, and how to build its package once the services run.
 */
export interface NemesisPlan {
  /** "pause,partition", or "none". */
  readonly name: string;
  readonly specs: readonly FaultPackageSpec[];
  /** The runtime faults its packages need. */
  readonly needs: ReadonlySet<Fault>;
  /** The names of its packages that aim at the lock service's leader. */
  readonly leaderFaults: readonly string[];
  /** True when a package aims at the leader, needing it or preferring it: the run then builds a leader lookup if it can. */
  readonly wantsLeader: boolean;
  /**
   * The nodes whose clock its packages may change: the only nodes whose
   * processes run under a fake clock. Empty when it needs no "clock".
   */
  readonly clockNodes: readonly string[];
  /** The nodes whose data directory a package may drop unsynced writes of: the only ones on a lazy file system. */
  readonly diskNodes: readonly string[];
  readonly shading: readonly FaultShading[];
  /** The hazards its packages aim at (`FaultPackageSpec.aims`), each once; empty when none aims at any. */
  readonly aims: readonly HazardName[];
  /**
   * Builds each schedule once and drops it: throws the "config.invalid" of a
   * bad fault option, so a run refuses it before any node starts (the
   * schedules themselves are built when the workload starts).
   */
  checkOptions(): void;
  /** The package: schedules from the configuration, one nemesis per kind, each given `ctx`. */
  build(ctx?: NemesisContext): NemesisPackage;
}

/** Resolves the run's fault names once; unknown names are a config error naming the known ones. */
export function resolveNemesis(config: RunConfig): NemesisPlan {
  const specs = config.nemesis.faults.map((name) => findFaultPackage(name));
  const kinds = [...new Map(specs.map((s) => [s.kind, s])).values()];
  const name = specs.map((s) => s.name).join(",") || "none";
  const shading = kinds.map((s) => s.shading);
  return {
    name,
    specs,
    needs: new Set(specs.flatMap((s) => s.needs)),
    leaderFaults: specs.filter((s) => s.needsLeader === true).map((s) => s.name),
    wantsLeader: specs.some((s) => s.needsLeader === true || s.prefersLeader === true),
    clockNodes: clockNodesOf(specs, config),
    diskNodes: [...new Set(specs.flatMap((s) => s.diskNodes?.(config) ?? []))],
    shading,
    aims: [...new Set(specs.flatMap((s) => s.aims ?? []))],
    checkOptions: () => specs.forEach((s) => s.generator(config, 0)),
    build: (ctx = {}) => ({
      name,
      nemesis: composeNemeses(kinds.map((k) => k.nemesis({ ...ctx, watchesLeader: specs.some((s) => s.kind === k.kind && s.prefersLeader === true) }))),
      schedule: (startNs) => anyOf(...specs.map((s) => s.generator(config, startNs))),
      finalGenerator: undefined,
      shading,
    }),
  };
}

/** The run's nemesis package (`resolveNemesis(config)`, its options checked, built with `ctx`), for tests and one-off use. */
export function nemesisPackage(config: RunConfig, ctx: NemesisContext = {}): NemesisPackage {
  const plan = resolveNemesis(config);
  plan.checkOptions();
  return plan.build(ctx);
}

/** Looks a package up by name; unknown names are a config error naming the known ones. */
export function findFaultPackage(name: string): FaultPackageSpec {
  const all = faultPackages();
  const spec = all.find((p) => p.name === name);
  if (!spec) {
    const known = all.map((p) => p.name).join(", ");
    throw new HarnessError("config.invalid", `Cannot use nemesis "${name}": no such fault (known: ${known})`);
  }
  return spec;
}

/** The union of what each clock-needing package may skew (every node for one that does not say). */
function clockNodesOf(specs: readonly FaultPackageSpec[], config: RunConfig): string[] {
  const skewing = specs.filter((s) => s.needs.includes("clock"));
  const nodes = skewing.flatMap((s) => s.clockNodes?.(config) ?? runNodes(config).map((n) => n.id as string));
  return [...new Set(nodes)];
}
