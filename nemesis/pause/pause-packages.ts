/** The pause fault packages: the seed's aimed GC pause and random node pauses. */
import { holdSpecOf, longestHold, runNodes, type Op, type RunConfig } from "../../core/index.js";
import { optionMs, type FaultPackageSpec } from "../fault-package.js";
import { pauseNemesis } from "./pause-nemesis.js";
import { aimedPauseGenerator, pauseHolderGenerator } from "./pause-holder.js";
import { randomPauseGenerator } from "./random-pause.js";
import { PAUSE_SHADING } from "./pause-shading.js";
import { targetedPausePackages } from "./targeted-pause.js";
import { pauseLeaderPackage } from "./pause-leader.js";
import { nodesOption } from "../schedule/fault-options.js";
import { clientNodes } from "../clock/clock-packages.js";

export { PAUSE_SHADING };

/** The pause packages. */
export function pausePackages(): readonly FaultPackageSpec[] {
  return [
    {
      name: "pause-holder",
      aims: ["paused-past-lease"],
      description:
        "SIGSTOP the client that just acquired a lease another client is waiting for, until that client has written the resource under a newer lease (longer than the TTL), then SIGCONT it (the seed's GC pause)",
      needs: ["pause"],
      kind: "pause",
      nemesis: pauseNemesis,
      shading: PAUSE_SHADING,
      generator: (config, startNs) =>
        pauseHolderGenerator({
          intervalMs: config.nemesis.intervalMs, startNs,
          durationMs: pauseHolderMs(config),
          resumeAfterNextWrite: !fixedPause(config, "pause-holder"),
        }),
    },
    {
      name: "pause-holder-clock",
      aims: ["paused-past-lease", "write-after-lease"],
      description:
        "pause-holder, and the holder's wall clock stands still while it sleeps (set back by the pause): on waking, its clock says its lease is still young",
      needs: ["pause", "clock"],
      kind: "pause",
      nemesis: pauseNemesis,
      shading: PAUSE_SHADING,
      clockNodes: clientNodes,
      generator: (config, startNs) =>
        aimedPauseGenerator({
          intervalMs: config.nemesis.intervalMs, startNs,
          durationMs: holderPauseMs(config, "pause-holder-clock"),
          trigger: { f: "acquire", type: "ok" },
          delayMs: 0,
          reason: "holder",
          freezeClock: true,
        }),
    },
    {
      name: "pause-writer",
      aims: ["write-after-lease"],
      description:
        "SIGSTOP a client in the window before it sends a write (after it checked its lease, or after it read the version it writes with), for longer than the TTL",
      needs: ["pause"],
      kind: "pause",
      nemesis: pauseNemesis,
      shading: PAUSE_SHADING,
      generator: (config, startNs) =>
        aimedPauseGenerator({
          intervalMs: config.nemesis.intervalMs, startNs,
          durationMs: holderPauseMs(config, "pause-writer"),
          trigger: { f: "hold", type: "invoke", matches: (hold) => phaseOf(hold) === lastHoldPhase(config) },
          delayMs: optionMs(config, "pause-writer", "delayMs") ?? ((hold) => writerDelayMs(config, holdOf(hold) ?? config.workload.holdMs)),
          reason: "writer",
        }),
    },
    {
      name: "pause",
      description: "SIGSTOP a random node (lock, storage or client; pause.nodes= restricts the roles) for a while, then SIGCONT it",
      needs: ["pause"],
      kind: "pause",
      nemesis: pauseNemesis,
      shading: PAUSE_SHADING,
      generator: (config, startNs) =>
        randomPauseGenerator({
          nodes: nodesOption(config, { package: "pause", kind: "pause" }, ["lock", "storage", "client"]),
          intervalMs: config.nemesis.intervalMs, startNs,
          durationMs: optionMs(config, "pause", "durationMs") ?? 2000,
          seed: config.seed,
        }),
    },
    ...targetedPausePackages(),
    pauseLeaderPackage(),
  ];
}

/** True when the user fixed the pause's length (`durationMs` or `ttlFactor`): it then never ends early. */
function fixedPause(config: RunConfig, fault: string): boolean {
  return optionMs(config, fault, "durationMs") !== undefined || optionMs(config, fault, "ttlFactor") !== undefined;
}

/**
 * How long pause-holder stops the holder at most: `durationMs` if given, else
 * `ttlFactor` TTLs (`--fault-opt pause-holder.ttlFactor=1.5`), else by
 * default the TTL plus half of it (at least 1 s more).
 */
export function holderPauseMs(config: RunConfig, fault = "pause-holder"): number {
  const ttl = config.workload.ttlMs;
  const factor = optionMs(config, fault, "ttlFactor");
  return optionMs(config, fault, "durationMs") ?? (factor !== undefined ? Math.round(ttl * factor) : ttl + Math.max(1000, ttl / 2));
}

/**
 * pause-holder's longest pause. Its pause ends as soon as the next holder has
 * written, so by default its bound adds the longest hold the workload draws
 * to `holderPauseMs`: a next holder that draws a near-TTL hold still writes
 * before the sleeper wakes, and the stale write shows.
 */
export function pauseHolderMs(config: RunConfig): number {
  const extra = fixedPause(config, "pause-holder") ? 0 : longestHold(holdSpecOf(config.workload));
  return holderPauseMs(config) + extra;
}

/**
 * When pause-writer strikes after the last hold before a write is invoked:
 * mid-way through the window between the client's lease check and its write
 * when there is one (--write-delay-ms), else a third of the way into the
 * critical section's hold (after the read). `holdMs` is the hold struck at
 * (its value carries it when holds are drawn), by default the configured one.
 */
export function writerDelayMs(config: RunConfig, holdMs = config.workload.holdMs): number {
  const { writeDelayMs } = config.workload;
  return writeDelayMs ? Math.max(1, Math.floor(writeDelayMs / 2)) : Math.max(1, Math.floor(holdMs / 3));
}

/** The phase of the last hold before a write: the write delay when there is one, else the critical section's. */
function lastHoldPhase(config: RunConfig): string {
  return config.workload.writeDelayMs ? "write-delay" : "critical-section";
}

function phaseOf(hold: Op): unknown {
  return (hold.value as { phase?: unknown } | undefined)?.phase;
}

/** The ms a hold op was sent with, if its value says. */
function holdOf(hold: Op): number | undefined {
  const ms = (hold.value as { holdMs?: unknown } | undefined)?.holdMs;
  return typeof ms === "number" ? ms : undefined;
}
