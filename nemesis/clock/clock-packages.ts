/**
 * The clock fault packages (libfaketime in the local runtime). Options, per
 * package or for the whole kind as `clock.<key>`:
 * - `nodes`: roles to skew, "lock", "storage", "client", "all" (default all);
 * - `durationMs`: how long a skew stays before `reset-clock` (default 5000);
 * - clock-skew `maxOffsetMs` (default 2 TTLs); clock-rate `minRate`/`maxRate`
 *   (0.5 and 2); clock-jump `jumpMs` (2 TTLs), `count` and `direction`
 *   (clock-jump-options.ts); clock-strobe `deltaMs` (1 TTL),
 *   `periodMs` (200), `strobeMs` (2000); clock-holder `rate` or `ttlFactor` (1.5);
 * - clock-jump strikes right after a grant, while a lease is certainly held
 *   (a jump while nobody holds a lease tests nothing), and so does its reset,
 *   which jumps the clock back by as much: whichever of the two moves the
 *   node's clock forward, it does so under a held lease. Its op names the
 *   grant it followed (`process`, `resource`, and `token` when the service
 *   gives one).
 * - `monotonic` (kind only, `clock.monotonic=true`): fake CLOCK_MONOTONIC too.
 */
import { runNodes, type FaultShading, type Generator, type NodeRole, type Op, type Rng, type RunConfig } from "../../core/index.js";
import { isLeaseGrant } from "../leader/grant-aim.js";
import { faultCycle } from "../schedule/fault-cycle.js";
import { nodesOption, numberOption, type OptionScope } from "../schedule/fault-options.js";
import type { FaultPackageSpec } from "../fault-package.js";
import { clockNemesis } from "./clock-nemesis.js";
import type { ClockValue } from "./clock-nemesis.js";
import { jumpShape } from "./clock-jump-options.js";
import { holderRate, jumpPlan, ratePlan, skewPlan, strobePlan } from "./clock-plans.js";

/** Clock periods run from a "clock" op to the next "reset-clock". */
export const CLOCK_SHADING: FaultShading = { start: "clock", stop: "reset-clock", label: "clock", color: "#9b5de5" };

const ALL_ROLES: readonly NodeRole[] = ["lock", "storage", "client"];

/** The planners of the four clock shapes, by package name. */
const SHAPES: Readonly<Record<string, (config: RunConfig, scope: OptionScope, nodes: string[]) => Planner>> = {
  "clock-skew": (config, scope, nodes) => {
    const max = numberOption(config, scope, "maxOffsetMs", 2 * config.workload.ttlMs);
    return (_step, rng) => skewPlan(nodes, rng, max);
  },
  "clock-rate": (config, scope, nodes) => {
    const range = { minRate: numberOption(config, scope, "minRate", 0.5), maxRate: numberOption(config, scope, "maxRate", 2) };
    return (_step, rng) => ratePlan(nodes, rng, range);
  },
  "clock-jump": (config, scope, nodes) => {
    const shape = jumpShape(config, scope);
    return (_step, rng) => jumpPlan(nodes, rng, shape);
  },
  "clock-strobe": (config, scope, nodes) => {
    const strobe = {
      deltaMs: numberOption(config, scope, "deltaMs", config.workload.ttlMs),
      periodMs: Math.max(50, numberOption(config, scope, "periodMs", 200)),
      durationMs: numberOption(config, scope, "strobeMs", 2000),
    };
    return (_step, rng) => strobePlan(nodes, rng, strobe);
  },
};

/** The clock packages: `clock` draws one of the four shapes from the seed at each fault, as `partition` does. */
export function clockPackages(): readonly FaultPackageSpec[] {
  const shape = (name: string) => SHAPES[name] as (config: RunConfig, scope: OptionScope, nodes: string[]) => Planner;
  return [
    spec("clock", "at each fault one of clock-skew, clock-rate, clock-jump, clock-strobe, chosen by the seed, then reset", (config, scope, nodes) => {
      const planners = Object.values(SHAPES).map((make) => make(config, scope, nodes));
      return (step, rng) => rng.pick(planners)(step, rng);
    }),
    spec("clock-skew", "give every node its own clock offset (up to 2 TTLs either way), then reset", shape("clock-skew")),
    spec("clock-rate", "run some nodes' clocks slow or fast (x0.5 to x2; their sleeps stretch likewise), then reset", shape("clock-rate")),
    spec("clock-jump", "right after a grant, jump one node's clock forward or back by 2 TTLs (count=majority|all: that many of the nodes; direction=forward|back: always that way); reset right after a grant too", shape("clock-jump"), UNDER_A_LEASE),
    spec("clock-strobe", "flip some nodes' clocks back and forth by a TTL every 200 ms for 2 s, then reset", shape("clock-strobe")),
    clockHolderSpec(),
  ];
}

/** The nodes a run's clock packages skew (to refuse nodes libfaketime cannot reach). */
export function clockTargets(config: RunConfig): string[] {
  const wanted = clockPackages().filter((p) => config.nemesis.faults.includes(p.name));
  return [...new Set(wanted.flatMap((p) => p.clockNodes?.(config) ?? []))];
}

/** Whether the run asks for faked monotonic clocks (`--fault-opt clock.monotonic=true`). */
export function fakeMonotonic(config: RunConfig): boolean {
  const raw = config.nemesis.options["clock"]?.["monotonic"];
  return raw === true || raw === "true" || raw === 1;
}

type Planner = (step: number, rng: Rng) => ClockValue;

/** When a clock fault starts and stops: on its timer, or right after a grant (the lease it follows is held). */
interface Timing {
  readonly trigger?: (event: Op) => boolean;
  readonly stopTrigger?: (event: Op) => boolean;
}

const ON_TIMER: Timing = {};
// Any grant, with a token or without: a token-less service (Redlock) holds its leases all the same.
const UNDER_A_LEASE: Timing = { trigger: isLeaseGrant, stopTrigger: isLeaseGrant };

function spec(name: string, description: string, planner: (config: RunConfig, scope: OptionScope, nodes: string[]) => Planner, timing = ON_TIMER): FaultPackageSpec {
  return {
    name,
    description,
    needs: ["clock"],
    kind: "clock",
    nemesis: clockNemesis,
    shading: CLOCK_SHADING,
    // A lock node's clock moved under a lease, or a client's that made it write late.
    aims: ["clock-moved-under-lease", "write-after-lease"],
    clockNodes: (config) => nodesOption(config, scopeOf(name), ALL_ROLES),
    generator(config, startNs): Generator {
      const scope = scopeOf(name);
      const nodes = nodesOption(config, scope, ALL_ROLES);
      const plan = planner(config, scope, nodes);
      return faultCycle({
        package: name, start: "clock", stop: "reset-clock", seed: config.seed,
        intervalMs: config.nemesis.intervalMs, startNs,
        durationMs: numberOption(config, scope, "durationMs", 5000),
        plan: (step, rng, trigger) => ({ ...plan(step, rng), ...(trigger ? followedGrant(trigger) : {}) }),
        ...timing,
        stopValue: (started) => ({ nodes: Object.keys((started as unknown as ClockValue).skews ?? {}) }),
      });
    },
  };
}

/**
 * The seed's "a lease is a lock with a clock": right after a client's
 * acquire, slow that client's clock so much that its hold, timed by its own
 * clock, outlasts the lease (`ttlFactor` TTLs of real time). It wakes
 * believing the lease still valid and writes with its old token.
 */
function clockHolderSpec(): FaultPackageSpec {
  const name = "clock-holder";
  return {
    name,
    description: "right after a client acquires, slow its clock until its hold outlasts the lease (ttlFactor 1.5), then reset",
    needs: ["clock"],
    kind: "clock",
    nemesis: clockNemesis,
    shading: CLOCK_SHADING,
    clockNodes: clientNodes,
    generator(config, startNs): Generator {
      const scope = scopeOf(name);
      const { ttlMs, holdMs } = config.workload;
      const ttlFactor = numberOption(config, scope, "ttlFactor", 1.5);
      const rate = numberOption(config, scope, "rate", holderRate(holdMs, ttlMs, ttlFactor));
      return faultCycle({
        package: name, start: "clock", stop: "reset-clock", seed: config.seed,
        intervalMs: config.nemesis.intervalMs, startNs,
        durationMs: numberOption(config, scope, "durationMs", Math.ceil(ttlMs * ttlFactor) + 1000),
        trigger: isAcquired,
        plan: (_step, _rng, trigger) => holderValue(trigger as Op, rate),
        stopValue: (started) => ({ nodes: Object.keys((started as unknown as ClockValue).skews ?? {}) }),
      });
    },
  };
}

/** The grant an aimed clock fault followed, as the clock op's `process`, `resource` and `token` (none for a token-less grant). */
function followedGrant(event: Op): Pick<ClockValue, "process" | "resource" | "token"> {
  const v = (event.value ?? {}) as { resource?: string; token?: string | number | null };
  return {
    process: event.process as number,
    ...(v.resource !== undefined ? { resource: v.resource } : {}),
    ...(v.token !== undefined && v.token !== null ? { token: String(v.token) } : {}),
  };
}

function isAcquired(event: Op): boolean {
  return event.type === "ok" && event.f === "acquire" && typeof event.process === "number" && event.node !== undefined;
}

function holderValue(event: Op, rate: number): Record<string, unknown> {
  const value: ClockValue = { skews: { [event.node as string]: { offsetMs: 0, rate } }, ...followedGrant(event) };
  return { ...value };
}

/** The run's client nodes (whose clocks clock-holder and pause-holder-clock change). */
export function clientNodes(config: RunConfig): string[] {
  return runNodes(config).filter((n) => n.role === "client").map((n) => n.id);
}

function scopeOf(name: string): OptionScope {
  return { package: name, kind: "clock" };
}
