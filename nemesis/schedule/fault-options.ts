/**
 * Per-fault options shared by a kind's packages: `--fault-opt
 * partition-ring.durationMs=5000` sets one package, `--fault-opt
 * partition.durationMs=5000` every package of the partition kind (the
 * package's own option wins).
 */
import { HarnessError, runNodes, type NodeRole, type RunConfig } from "../../core/index.js";

/** Which package and kind an option is looked up for. */
export interface OptionScope {
  readonly package: string;
  readonly kind: string;
}

/** An option as given for the package, else for its kind. */
export function scopedOption(config: RunConfig, scope: OptionScope, key: string): unknown {
  return config.nemesis.options[scope.package]?.[key] ?? config.nemesis.options[scope.kind]?.[key];
}

/** A positive number option, or `fallback`; anything else is a config error naming the option. */
export function numberOption(config: RunConfig, scope: OptionScope, key: string, fallback: number): number {
  const raw = scopedOption(config, scope, key);
  if (raw === undefined) return fallback;
  if (typeof raw !== "number" || !(raw >= 0)) {
    throw new HarnessError("config.invalid", `Cannot use fault option "${scope.package}.${key}" = "${String(raw)}": it must be a number of at least 0`);
  }
  return raw;
}

const ROLES: readonly NodeRole[] = ["lock", "storage", "client"];

/**
 * The run's node ids of the roles named by the `nodes` option ("lock",
 * "lock,storage", "all"), or of `fallback` roles when it is not given.
 */
export function nodesOption(config: RunConfig, scope: OptionScope, fallback: readonly NodeRole[]): string[] {
  const raw = scopedOption(config, scope, "nodes");
  const roles = raw === undefined ? fallback : parseRoles(String(raw), scope);
  return runNodes(config).filter((n) => roles.includes(n.role)).map((n) => n.id);
}

function parseRoles(raw: string, scope: OptionScope): NodeRole[] {
  if (raw === "all") return [...ROLES];
  const roles = raw.split(/[,+]/).map((r) => r.trim());
  const bad = roles.find((r) => !ROLES.includes(r as NodeRole));
  if (bad !== undefined) {
    throw new HarnessError("config.invalid", `Cannot use fault option "${scope.package}.nodes" = "${raw}": "${bad}" is not a role (known: lock, storage, client, all)`);
  }
  return roles as NodeRole[];
}
