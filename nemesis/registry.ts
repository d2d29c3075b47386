/**
 * The fault packages a run can ask for by name, with their documentation.
 * `fencecheck list` and `--help` read the descriptions from here, so they
 * cannot drift from what exists.
 */
import {
  anyOf,
  HarnessError,
  runNodes,
  type Fault,
  type FaultShading,
  type Generator,
  type NemesisPackage,
  type RunConfig,
} from "../harness/core/index.js";
import { pauseHolderGenerator } from "./pause/pause-holder.js";
import { pauseNemesis } from "./pause/pause-nemesis.js";
import { randomPauseGenerator } from "./pause/random-pause.js";

/** A named fault package: what it needs from the runtime and how to build its schedule. */
export interface FaultPackageSpec {
  readonly name: string;
  readonly description: string;
  readonly needs: readonly Fault[];
  generator(config: RunConfig): Generator;
}

const PAUSE_SHADING: FaultShading = { start: "pause", stop: "resume", label: "pause", color: "#f4a261" };

/** Every known fault package. */
export function faultPackages(): readonly FaultPackageSpec[] {
  return [
    {
      name: "pause-holder",
      description:
        "SIGSTOP the client that just acquired a lease, for longer than the TTL, then SIGCONT it (the seed's GC pause)",
      needs: ["pause"],
      generator: (config) =>
        pauseHolderGenerator({ intervalMs: config.nemesis.intervalMs, durationMs: holderPauseMs(config) }),
    },
    {
      name: "pause",
      description: "SIGSTOP a random node (lock, storage or client) for a while, then SIGCONT it",
      needs: ["pause"],
      generator: (config) =>
        randomPauseGenerator({
          nodes: runNodes(config).map((n) => n.id),
          intervalMs: config.nemesis.intervalMs,
          durationMs: optionMs(config, "pause", "durationMs") ?? 2000,
          seed: config.seed,
        }),
    },
  ];
}

/** How long pause-holder stops the holder: by default the TTL plus half of it (at least 1 s more). */
export function holderPauseMs(config: RunConfig): number {
  const ttl = config.workload.ttlMs;
  return optionMs(config, "pause-holder", "durationMs") ?? ttl + Math.max(1000, ttl / 2);
}

/** Builds the nemesis package for the run's faults (an empty schedule for none). */
export function nemesisPackage(config: RunConfig): NemesisPackage {
  const specs = config.nemesis.faults.map((name) => findFaultPackage(name));
  return {
    name: specs.map((s) => s.name).join(",") || "none",
    nemesis: pauseNemesis(),
    generator: anyOf(...specs.map((s) => s.generator(config))),
    finalGenerator: undefined,
    shading: specs.length ? [PAUSE_SHADING] : [],
  };
}

/** The runtime faults the run's packages need. */
export function faultsNeeded(config: RunConfig): Set<Fault> {
  return new Set(config.nemesis.faults.flatMap((name) => findFaultPackage(name).needs));
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

function optionMs(config: RunConfig, fault: string, key: string): number | undefined {
  const v = config.nemesis.options[fault]?.[key];
  return typeof v === "number" && v > 0 ? v : undefined;
}
