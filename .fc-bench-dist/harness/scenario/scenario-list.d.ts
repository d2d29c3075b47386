/**
 * The scenarios `fencecheck scenario list` shows. Each maps one idea of the
 * design notes to runs whose verdicts prove it.
 */
import type { Scenario } from "./scenario.js";
/** Every scenario, in the order the design notes tell them. */
export declare function scenarioList(): readonly Scenario[];
/** Finds a scenario by name. */
export declare function findScenario(name: string): Scenario | undefined;
