/**
 * The fact that tells a clock fault on lock nodes that was in force while
 * the lock service broke its promise: "The nemesis moved the clock of lock
 * node l1 4000 ms forward at 4.26 s", or, for a jump of several (Redlock's
 * masters), "The nemesis moved the clocks of lock nodes l1 and l3 (2 of 3,
 * a majority) 4000 ms forward at 6.53 s, right after client 3 acquired r1;
 * a lease timed on those clocks ends early on each of them". A service that times
 * leases on a clock the nemesis moves may end a lease early and grant it
 * again. Read from the nemesis ops' values alone, so it is told the same
 * from disk.
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
  /** The grant an aimed jump followed. */
  readonly process?: unknown;
  readonly resource?: unknown;
}

/** A clock op that touched lock nodes, and which of them. */
interface ClockChange {
  readonly op: Op;
  readonly nodes: readonly string[];
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
  const lockNodes = runNodes(config).filter((n) => n.role === "lock").map((n) => n.id as string);
  const changes = clockChanges(nemesisOps(history), new Set(lockNodes)).filter((c) => c.op.time <= to);
  const last = changes.at(-1);
  if (last === undefined || (last.op.f === "reset-clock" && last.op.time < from)) return undefined;
  const at = seconds(last.op.time);
  const v = last.op.value as ClockOpValue;
  if (last.op.f === "clock") return { time: last.op.time, text: `The nemesis ${change(v, last.nodes, lockNodes.length)} at ${at}${followed(v)}${early(v, last.nodes)}` };
  const skew = changes.slice(0, -1).reverse().find((c) => c.op.f === "clock" && c.nodes.includes(last.nodes[0] as string));
  const undid = skew === undefined ? "" : `; it had ${change(skew.op.value as ClockOpValue, last.nodes, lockNodes.length, clocksWord(last.nodes, "that clock", "those clocks"))} at ${seconds(skew.op.time)}`;
  return { time: last.op.time, text: `The nemesis reset ${clocksOf(last.nodes)} at ${at}${undid}` };
}

/** The `clock` and `reset-clock` invokes that touched a lock node and completed without error, each with the lock nodes it touched. */
function clockChanges(nemesis: readonly Op[], lockNodes: ReadonlySet<string>): ClockChange[] {
  const out: ClockChange[] = [];
  nemesis.forEach((op, i) => {
    if (op.process !== "nemesis" || op.type !== "invoke" || (op.f !== "clock" && op.f !== "reset-clock") || failed(nemesis, i)) return;
    const v = op.value as ClockOpValue | null;
    const named = op.f === "clock" ? Object.keys(v?.skews ?? {}) : Array.isArray(v?.nodes) ? (v.nodes as unknown[]) : [...lockNodes];
    const nodes = named.filter((n): n is string => typeof n === "string" && lockNodes.has(n));
    if (nodes.length > 0) out.push({ op, nodes });
  });
  return out;
}

/** Whether the op invoked at `nemesis[i]` completed with an error. */
function failed(nemesis: readonly Op[], i: number): boolean {
  const invoke = nemesis[i] as Op;
  const done = nemesis.slice(i + 1).find((o) => o.process === "nemesis" && o.f === invoke.f && o.type !== "invoke");
  return done !== undefined && "error" in done && done.error !== undefined;
}

/**
 * What a clock op did to `nodes`' clocks (all moved alike, as one op moves
 * them), as a verb phrase ("moved the clock of lock node l1 4000 ms
 * forward"); `clock` names the clocks; `of` is how many lock nodes the run has.
 */
function change(v: ClockOpValue, nodes: readonly string[], of: number, clock = clocksOf(nodes, of)): string {
  const delta = v.strobe?.deltaMs;
  if (typeof delta === "number") return `made ${clock} strobe by ${delta} ms`;
  const { offset, rate } = skewOf(v, nodes[0] as string);
  if (offset !== 0 && rate !== 1) return `moved ${clock} ${Math.abs(offset)} ms ${offset > 0 ? "forward" : "back"} and set ${clocksWord(nodes, "it", "them")} running at ${rate} times ${clocksWord(nodes, "its", "their")} speed`;
  if (offset !== 0) return `moved ${clock} ${Math.abs(offset)} ms ${offset > 0 ? "forward" : "back"}`;
  return rate !== 1 ? `set ${clock} running at ${rate} times ${clocksWord(nodes, "its", "their")} speed` : `changed ${clock}`;
}

/** "the clock of lock node l1", or "the clocks of lock nodes l1 and l3 (2 of 3, a majority)" when `of` is given. */
function clocksOf(nodes: readonly string[], of?: number): string {
  if (nodes.length === 1) return `the clock of lock node ${nodes[0]}`;
  const names = `${nodes.slice(0, -1).join(", ")} and ${nodes.at(-1)}`;
  const share = of === undefined || of <= nodes.length ? "" : ` (${nodes.length} of ${of}${2 * nodes.length > of ? ", a majority" : ""})`;
  return `the clocks of lock nodes ${names}${share}`;
}

function clocksWord(nodes: readonly string[], one: string, many: string): string {
  return nodes.length === 1 ? one : many;
}

function skewOf(v: ClockOpValue, node: string): { offset: number; rate: number } {
  const skew = v.skews?.[node];
  return { offset: typeof skew?.offsetMs === "number" ? skew.offsetMs : 0, rate: typeof skew?.rate === "number" ? skew.rate : 1 };
}

/** ", right after client 3 acquired r1" for a jump aimed at a grant; nothing otherwise. */
function followed(v: ClockOpValue): string {
  return typeof v.process === "number" && typeof v.resource === "string" ? `, right after client ${v.process} acquired ${v.resource}` : "";
}

/** What a forward jump does to the leases those nodes time on their wall clocks; nothing for other changes. */
function early(v: ClockOpValue, nodes: readonly string[]): string {
  if (v.strobe !== undefined || skewOf(v, nodes[0] as string).offset <= 0) return "";
  return nodes.length === 1 ? "; a lease timed on that clock ends early" : "; a lease timed on those clocks ends early on each of them";
}
