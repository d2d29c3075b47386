/**
 * Faults aimed at a grant (`kill-after-grant`, `partition-leader-after-grant`):
 * right after an acquire returns ok, strike the lock node that granted it.
 * Which node that is: the leader, when the run can tell who leads (the
 * adapter has `leader()`: the last answer of a `LeaderWatch`, refreshed
 * after each fault), else the node the client asked, the first of its
 * endpoint list (client i asks lock node i mod n first). A single-node
 * service has only the one. `--fault-opt <fault>.target=asked` always
 * strikes the asked node.
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
  /** Set when struck: who led as last seen (null when none did, or no answer yet), if the run watches who leads. */
  readonly leader?: string | null;
  /** Set when struck: how old that answer was, in ms. */
  readonly leaderSeenMsAgo?: number;
  /** Set when struck: ms from the grant's ok to the fault, on the harness's monotonic clock. */
  readonly struckAfterMs?: number;
}

/** True for an acquire that returned ok with a token, on a client: the trigger of a fault aimed at a grant. Pure. */
export function isGrant(event: Op): boolean {
  if (!isLeaseGrant(event)) return false;
  const token = (event.value as { token?: unknown }).token;
  return typeof token === "string" || typeof token === "number";
}

/**
 * True for an acquire that returned ok on a client, with a token or with
 * none (`token: null`: Redis and Redlock grant no fencing token, and their
 * lease is held all the same): the trigger of a clock fault that must land
 * while a lease is held. Pure.
 */
export function isLeaseGrant(event: Op): boolean {
  if (event.type !== "ok" || event.f !== "acquire" || typeof event.process !== "number" || event.node === undefined) return false;
  const v = event.value as { resource?: unknown } | undefined;
  return typeof v?.resource === "string";
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

/** The last answer of the run's leader lookup, kept fresh in the background. */
export interface LeaderWatch {
  /** Asks who leads, in the background (one lookup at a time); a failed lookup forgets the last answer. */
  refresh(): void;
  /** The last answer (`leader` undefined when none led) and the harness ns it came back; undefined before any. */
  last(): { readonly leader: string | undefined; readonly atNs: number } | undefined;
  /** Settles once no lookup is in flight. */
  settled(): Promise<void>;
}

/**
 * A watch over `ctx.leader`, or undefined when the run cannot tell who
 * leads or the nemesis's kind has no package that prefers the leader
 * (`ctx.watchesLeader`): other faults' lookups are left alone. A lookup runs a probe inside a node and takes hundreds of ms (seconds
 * on a loaded machine), far too long to wait for after a grant; so the
 * nemesis refreshes the watch when it sets up and after each fault ends, and
 * strikes at the last answer, recording how old it was.
 */
export function watchLeader(ctx: NemesisContext): LeaderWatch | undefined {
  const lookup = ctx.leader;
  const now = ctx.nowNs ?? (() => 0);
  if (!lookup || ctx.watchesLeader !== true) return undefined;
  let answer: { leader: string | undefined; atNs: number } | undefined;
  let inFlight: Promise<void> | undefined;
  return {
    refresh() {
      inFlight ??= lookup()
        .then((leader) => void (answer = { leader, atNs: now() }), () => void (answer = undefined))
        .finally(() => void (inFlight = undefined));
    },
    last: () => answer,
    settled: async () => inFlight,
  };
}

/**
 * The node to strike, chosen at once (no await, so a kill's SIGKILL leaves
 * before anything else runs): the last known leader when the aim is
 * "leader" and the run watches who leads, else the asked node (also when
 * no leader is known). Returns the value with `leader` (null when none was
 * known) and `leaderSeenMsAgo` when the watch was read.
 */
export function aimAt<V extends GrantAim>(value: V, watch: LeaderWatch | undefined, ctx: NemesisContext): { readonly node: string; readonly value: V } {
  if (value.aim !== "leader" || !watch) return { node: value.asked, value };
  const last = watch.last();
  const leader = last?.leader ?? null;
  const seen = last && ctx.nowNs ? { leaderSeenMsAgo: Math.round((ctx.nowNs() - last.atNs) / 1e6) } : {};
  return { node: leader ?? value.asked, value: { ...value, leader, ...seen } };
}

/** `value` with `struckAfterMs` measured now on the run's clock (unchanged when the context has no clock). */
export function markStruck<V extends GrantAim>(value: V, ctx: NemesisContext): V {
  if (!ctx.nowNs) return value;
  return { ...value, struckAfterMs: Math.round((ctx.nowNs() - value.grant.time) / 1e4) / 100 };
}
