/**
 * The scenarios `fencecheck scenario list` shows. Each maps one idea of the
 * design notes to runs whose verdicts prove it.
 */
import type { Scenario } from "./scenario.js";

/** Every scenario, in the order the design notes tell them. */
export function scenarioList(): readonly Scenario[] {
  return [
    {
      name: "gc-pause",
      claim:
        "A paused lease holder wakes up believing it still holds the lock. Fencing tokens move enforcement to the resource: storage that has seen token N+1 rejects token N.",
      variants: [
        {
          label: "without fencing",
          argv: ["--lock", "reference", "--storage", "unfenced", "--nemesis", "pause-holder"],
          expect: "invalid",
          why: "unfenced storage accepts the sleeper's write under its expired lease",
        },
        {
          label: "with fencing tokens",
          argv: ["--lock", "reference", "--storage", "fenced", "--nemesis", "pause-holder"],
          expect: "valid",
          why: "fenced storage has already seen the next holder's token and rejects the stale one",
        },
      ],
    },
  ];
}

/** Finds a scenario by name. */
export function findScenario(name: string): Scenario | undefined {
  return scenarioList().find((s) => s.name === name);
}
