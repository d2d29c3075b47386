/**
 * The options of `clock-jump` (per package or for the clock kind, as
 * fault-options.ts reads them): `jumpMs` (how far, 2 TTLs by default),
 * `count` (how many of the nodes `nodes=` names jump: "one", the default,
 * "majority" or "all") and `direction` ("either", the default, drawn from
 * the seed at each jump, or "forward" or "back"). Every node of one jump
 * moves the same way by the same amount: a majority of lock nodes jumping
 * forward together is Kleppmann's case against Redlock, a lease ending
 * early on enough nodes that a second client gathers a majority.
 */
import { HarnessError, type RunConfig } from "../../core/index.js";
import { numberOption, scopedOption, type OptionScope } from "../schedule/fault-options.js";

/** How many of the eligible nodes one jump moves. */
export type JumpCount = "one" | "majority" | "all";

/** Which way a jump moves them: drawn from the seed at each jump, or always one way. */
export type JumpDirection = "either" | "forward" | "back";

/** What one clock jump does: how far, to how many nodes, which way. */
export interface JumpShape {
  readonly jumpMs: number;
  readonly count: JumpCount;
  readonly direction: JumpDirection;
}

const COUNTS: readonly JumpCount[] = ["one", "majority", "all"];
const DIRECTIONS: readonly JumpDirection[] = ["either", "forward", "back"];

/** The run's clock-jump shape for `scope`; a value that is no count or direction is a config error naming the option. */
export function jumpShape(config: RunConfig, scope: OptionScope): JumpShape {
  return {
    jumpMs: numberOption(config, scope, "jumpMs", 2 * config.workload.ttlMs),
    count: choiceOption(config, scope, "count", COUNTS),
    direction: choiceOption(config, scope, "direction", DIRECTIONS),
  };
}

/** The option `key` as one of `choices`, the first of them when not given. */
function choiceOption<T extends string>(config: RunConfig, scope: OptionScope, key: string, choices: readonly T[]): T {
  const raw = scopedOption(config, scope, key);
  if (raw === undefined) return choices[0] as T;
  if (typeof raw === "string" && (choices as readonly string[]).includes(raw)) return raw as T;
  throw new HarnessError("config.invalid", `Cannot use fault option "${scope.package}.${key}" = "${String(raw)}": it must be one of ${choices.join(", ")}`);
}
