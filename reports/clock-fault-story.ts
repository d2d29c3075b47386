/**
 * The fact that tells a clock fault on a lock node that was in force while
 * the lock service broke its promise: "The nemesis moved the clock of lock
 * node l1 4000 ms forward at 4.26 s". A service that times leases on a
 * clock the nemesis moves may end a lease early and grant it again. Read
 * from the nemesis ops' values alone, so it is told the same from disk.
 */
import { nemesisOps, runNodes, type History, type Op, type RunConfig } from "../core/index.js";
import { seconds } from "./format.js";
import type { StoryFact } from "./story-types.js";

interface Skew {
  readonly offsetMs?: unknown;
  readonly rate?: unknown;
}

interface ClockOpValue {
  readonly skews?: Readonly<Record<string, Skew>>;
  readonly strobe?: { readonly deltaMs?: unknown };
  readonly nodes?: unknown;
}

/**
 * The clock change on one of the run's lock nodes that was in force at
 * some instant of [from, to] (harness ns): the last `clock` or
 * `reset-clock` op on a lock node invoked by `to`, unless it is a reset
 * from before `from` (the clocks were real by then). A reset is told with
 * the skew it undid: jumping back from a skew moves the clock as much as
 * the skew did. Undefined when there is none. Pure.
 */
export function lockClockFact(config: RunConfig, history: History, from: number, to: number): StoryFact | undefined {
  const lockNodes = new Set(runNodes(config).filter((n) => n.role === "lock").map((n) => n.id as string));
  const changes = clockChanges(nemesisOps(history), lockNodes).filter((c) => c.op.time <= to);
  const last = changes.at(-1);
  if (last === undefined || (last.op.f === "reset-clock" && last.op.time < from)) return undefined;
  const at = seconds(last.op.time);
  if (last.op.f === "clock") return { time: last.op.time, text: `The nemesis ${change(last.op.value as ClockOpValue, last.node)} at ${at}` };
  const skew = changes.slice(0, -1).reverse().find((c) => c.op.f === "clock" && c.node === last.node);
  const undid = skew === undefined ? "" : `; it had ${change(skew.op.value as ClockOpValue, skew.node, "that clock")} at ${seconds(skew.op.time)}`;
  return { time: last.op.time, text: `The nemesis reset the clock of lock node ${last.node} at ${at}${undid}` };
}

/** The `clock` and `reset-clock` invokes that touched a lock node and completed without error, each with the first lock node it touched. */
function clockChanges(nemesis: readonly Op[], lockNodes: ReadonlySet<string>): { op: Op; node: string }[] {
  const out: { op: Op; node: string }[] = [];
  nemesis.forEach((op, i) => {
    if (op.process !== "nemesis" || op.type !== "invoke" || (op.f !== "clock" && op.f !== "reset-clock") || failed(nemesis, i)) return;
    const v = op.value as ClockOpValue | null;
    const named = op.f === "clock" ? Object.keys(v?.skews ?? {}) : Array.isArray(v?.nodes) ? (v.nodes as unknown[]) : [...lockNodes];
    const node = named.find((n): n is string => typeof n === "string" && lockNodes.has(n));
    if (node !== undefined) out.push({ op, node });
  });
  return out;
}

/** Whether the op invoked at `nemesis[i]` completed with an error. */
function failed(nemesis: readonly Op[], i: number): boolean {
  const invoke = nemesis[i] as Op;
  const done = nemesis.slice(i + 1).find((o) => o.process === "nemesis" && o.f === invoke.f && o.type !== "invoke");
  return done !== undefined && "error" in done && done.error !== undefined;
}

/** What a clock op did to `node`'s clock, as a verb phrase ("moved the clock of lock node l1 4000 ms forward"); `clock` names the clock. */
function change(v: ClockOpValue, node: string, clock = `the clock of lock node ${node}`): string {
  const delta = v.strobe?.deltaMs;
  if (typeof delta === "number") return `made ${clock} strobe by ${delta} ms`;
  const skew = v.skews?.[node];
  const offset = typeof skew?.offsetMs === "number" ? skew.offsetMs : 0;
  const rate = typeof skew?.rate === "number" ? skew.rate : 1;
  if (offset !== 0 && rate !== 1) return `moved ${clock} ${Math.abs(offset)} ms ${offset > 0 ? "forward" : "back"} and set it running at ${rate} times its speed`;
  if (offset !== 0) return `moved ${clock} ${Math.abs(offset)} ms ${offset > 0 ? "forward" : "back"}`;
  return rate !== 1 ? `set ${clock} running at ${rate} times its speed` : `changed ${clock}`;
}
