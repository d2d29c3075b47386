/**
 * Faults aimed at a grant (`kill-after-grant`, `partition-leader-after-grant`):
 * right after an acquire returns ok, strike the lock node that granted it.
 * Which node that is: the leader, when the run can tell who leads (the
 * adapter has `leader()`; the lookup runs when the fault strikes, and its
 * cost is in the recorded delay), else the node the client asked, the first
 * of its endpoint list (client i asks lock node i mod n first). A
 * single-node service has only the one. `--fault-opt <fault>.target=asked`
 * skips the lookup.
 *
 * The op value records which grant the fault followed (process, resource,
 * token, and the harness time of the ok) and, from the run's clock, how
 * many milliseconds after that ok the fault struck (`struckAfterMs`).
 */
import { clientNode, endpointsFor, HarnessError, runNodes, type Op, type RunConfig } from "../../core/index.js";
import { scopedOption, type OptionScope } from "../schedule/fault-options.js";
import type { NemesisContext } from "./current-leader.js";

/** The grant an aimed fault followed; `time` is the harness ns of the acquire's ok. */
export interface FollowedGrant {
  readonly process: number;
  readonly resource: string;
  readonly token: string;
  /** The client node that was granted the lease. */
  readonly client: string;
  readonly time: number;
}

/** The value fields of a fault aimed at a grant. */
export interface GrantAim {
  /** "leader": the leader when the run can tell who leads, else `asked`; "asked": always `asked`. */
  readonly aim: "leader" | "asked";
  /** The lock node the client asked first. */
  readonly asked: string;
  readonly grant: FollowedGrant;
  /** Set when struck: who led (null when none did), if the run looked it up. */
  readonly leader?: string | null;
  /** Set when struck: ms from the grant's ok to the fault, on the harness's monotonic clock. */
  readonly struckAfterMs?: number;
}

/** True for an acquire that returned ok with a token, on a client: the trigger of a fault aimed at a grant. Pure. */
export function isGrant(event: Op): boolean {
  if (event.type !== "ok" || event.f !== "acquire" || typeof event.process !== "number" || event.node === undefined) return false;
  const v = event.value as { resource?: unknown; token?: unknown } | undefined;
  return typeof v?.resource === "string" && (typeof v.token === "string" || typeof v.token === "number");
}

/** The lock node client process `process` asks first: lock node (process mod clients) mod n. Pure. */
export function askedLockNode(config: RunConfig, process: number): string | undefined {
  const lockNodes = runNodes(config).filter((n) => n.role === "lock").map((n) => n.id as string);
  return endpointsFor(lockNodes, process % config.workload.clients)[0];
}

/** The aim of a fault following `grant` (an event `isGrant` accepted). Pure. */
export function grantAim(config: RunConfig, grant: Op, aim: GrantAim["aim"]): GrantAim {
  const v = grant.value as { resource: string; token: string | number };
  const process = grant.process as number;
  const client = (grant.node as string | undefined) ?? clientNode(process % config.workload.clients);
  return {
    aim,
    asked: askedLockNode(config, process) ?? "",
    grant: { process, resource: v.resource, token: String(v.token), client, time: grant.time },
  };
}

/**
 * The `target` option of a fault aimed at a grant ("leader" by default, or
 * "asked"); refuses a run that starts no lock nodes.
 */
export function grantAimOption(config: RunConfig, scope: OptionScope): GrantAim["aim"] {
  if (config.lock.endpoints?.length || !runNodes(config).some((n) => n.role === "lock")) {
    throw new HarnessError("config.invalid", `Cannot run nemesis "${scope.package}": the run starts no lock nodes (it uses --endpoints)`);
  }
  const raw = scopedOption(config, scope, "target") ?? "leader";
  if (raw !== "leader" && raw !== "asked") {
    throw new HarnessError("config.invalid", `Cannot use fault option "${scope.package}.target" = "${String(raw)}": it must be "leader" or "asked"`);
  }
  return raw;
}

/** True when an op value is aimed at a grant. */
export function aimsAtGrant(value: unknown): value is GrantAim {
  const v = value as Partial<GrantAim> | null;
  return typeof v === "object" && v !== null && typeof v.asked === "string" && typeof v.grant === "object" && v.grant !== null;
}

/**
 * The node to strike, asked now: the leader when the aim is "leader" and
 * the run can tell who leads (the asked node when none leads), else the
 * asked node. Returns the value with `leader` set when it was looked up.
 */
export async function resolveGrantAim<V extends GrantAim>(value: V, ctx: NemesisContext): Promise<{ readonly node: string; readonly value: V }> {
  if (!needsLookup(value, ctx) || !ctx.leader) return { node: value.asked, value };
  const leader = (await ctx.leader()) ?? null;
  return { node: leader ?? value.asked, value: { ...value, leader } };
}

/** True when striking at `value` asks who leads first; else the asked node is known at once, with no await. */
export function needsLookup(value: GrantAim, ctx: NemesisContext): boolean {
  return value.aim === "leader" && ctx.leader !== undefined;
}

/** `value` with `struckAfterMs` measured now on the run's clock (unchanged when the context has no clock). */
export function markStruck<V extends GrantAim>(value: V, ctx: NemesisContext): V {
  if (!ctx.nowNs) return value;
  return { ...value, struckAfterMs: Math.round((ctx.nowNs() - value.grant.time) / 1e4) / 100 };
}
