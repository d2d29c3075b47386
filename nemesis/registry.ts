/**
 * The fault packages a run can ask for by name, with their documentation.
 * `fencecheck list` and `--help` read the descriptions from here, so they
 * cannot drift from what exists.
 */
import {
  anyOf,
  HarnessError,
  type Fault,
  type NemesisPackage,
  type RunConfig,
} from "../harness/core/index.js";
import { composeNemeses, type FaultPackageSpec } from "./fault-package.js";
import type { NemesisContext } from "./leader/current-leader.js";
import { pausePackages } from "./pause/pause-packages.js";
import { partitionPackages } from "./partition/partition-packages.js";
import { killPackages } from "./kill/kill-packages.js";
import { netPackages } from "./net/net-packages.js";
import { clockPackages } from "./clock/clock-packages.js";

/** Every known fault package; each fault kind contributes its own list. */
export function faultPackages(): readonly FaultPackageSpec[] {
  return [...pausePackages(), ...partitionPackages(), ...killPackages(), ...netPackages(), ...clockPackages()];
}

/** Builds the nemesis package for the run's faults (an empty schedule for none); `ctx` reaches every nemesis. */
export function nemesisPackage(config: RunConfig, ctx: NemesisContext = {}): NemesisPackage {
  const specs = config.nemesis.faults.map((name) => findFaultPackage(name));
  const kinds = [...new Map(specs.map((s) => [s.kind, s])).values()];
  return {
    name: specs.map((s) => s.name).join(",") || "none",
    nemesis: composeNemeses(kinds.map((s) => s.nemesis(ctx))),
    generator: anyOf(...specs.map((s) => s.generator(config))),
    finalGenerator: undefined,
    shading: kinds.map((s) => s.shading),
  };
}

/** The runtime faults the run's packages need. */
export function faultsNeeded(config: RunConfig): Set<Fault> {
  return new Set(config.nemesis.faults.flatMap((name) => findFaultPackage(name).needs));
}

/** The names of the run's packages that aim at the lock service's leader. */
export function leaderFaults(config: RunConfig): string[] {
  return config.nemesis.faults.filter((name) => findFaultPackage(name).needsLeader === true);
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
