/** The pause fault packages: the seed's aimed GC pause and random node pauses. */
import { runNodes, type FaultShading, type RunConfig } from "../../harness/core/index.js";
import { optionMs, type FaultPackageSpec } from "../fault-package.js";
import { pauseNemesis } from "./pause-nemesis.js";
import { aimedPauseGenerator, pauseHolderGenerator } from "./pause-holder.js";
import { randomPauseGenerator } from "./random-pause.js";

/** Pause periods run from a "pause" op to the "resume" of the same nodes. */
export const PAUSE_SHADING: FaultShading = { start: "pause", stop: "resume", label: "pause", color: "#f4a261" };

/** The pause packages. */
export function pausePackages(): readonly FaultPackageSpec[] {
  return [
    {
      name: "pause-holder",
      description:
        "SIGSTOP the client that just acquired a lease, for longer than the TTL, then SIGCONT it (the seed's GC pause)",
      needs: ["pause"],
      kind: "pause",
      nemesis: pauseNemesis,
      shading: PAUSE_SHADING,
      generator: (config) =>
        pauseHolderGenerator({ intervalMs: config.nemesis.intervalMs, durationMs: holderPauseMs(config) }),
    },
    {
      name: "pause-writer",
      description:
        "SIGSTOP a client just after it starts a write (after it checked its lease or read its version, before the write lands), for longer than the TTL",
      needs: ["pause"],
      kind: "pause",
      nemesis: pauseNemesis,
      shading: PAUSE_SHADING,
      generator: (config) =>
        aimedPauseGenerator({
          intervalMs: config.nemesis.intervalMs,
          durationMs: holderPauseMs(config, "pause-writer"),
          trigger: { f: "write", type: "invoke" },
          delayMs: optionMs(config, "pause-writer", "delayMs") ?? Math.max(1, Math.floor(config.workload.holdMs / 3)),
          reason: "writer",
        }),
    },
    {
      name: "pause",
      description: "SIGSTOP a random node (lock, storage or client) for a while, then SIGCONT it",
      needs: ["pause"],
      kind: "pause",
      nemesis: pauseNemesis,
      shading: PAUSE_SHADING,
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
export function holderPauseMs(config: RunConfig, fault = "pause-holder"): number {
  const ttl = config.workload.ttlMs;
  return optionMs(config, fault, "durationMs") ?? ttl + Math.max(1000, ttl / 2);
}

