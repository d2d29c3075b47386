/**
 * The clock nemesis: `clock` skews node clocks, `reset-clock` puts them
 * back. After every change it reads each affected node's clock and puts the
 * readings in the op's completion, since only the op and its completion are
 * recorded.
 *
 * Shapes, for the report's offset-over-time plot (times are the ops' own
 * harness times):
 *
 *   invoke {f: "clock", value: ClockValue}
 *   info   {f: "clock", value: ClockValue & { clocks: { [node]: offsetMs } }}
 *   invoke {f: "reset-clock", value: { package, nodes? }}
 *   info   {f: "reset-clock", value: { package, nodes, clocks: { [node]: offsetMs } }}
 *
 * `clocks[node]` is the node's wall clock minus real time in ms, as read
 * right after the change (after the last flip for a strobe); `tools[node]`
 * is "injector" when it was read inside the node's own processes, which
 * the clock injector moved. A node absent
 * from `clocks` was not changed by that op. Between two ops a node's offset
 * drifts by (rate - 1) per ms of real time.
 */
import { sleepUnlessAborted, type ClockSkew, type Cluster, type ClusterClocks, type Invoke, type Nemesis, type NodeId } from "../../core/index.js";

/** One node's skew; `offsetMs` absent keeps the node's current offset (a rate change without a jump). */
export interface SkewRequest {
  readonly offsetMs?: number;
  readonly rate: number;
}

/** Flip between +deltaMs and -deltaMs every periodMs for durationMs (Jepsen's strobe). */
export interface StrobeRequest {
  readonly deltaMs: number;
  readonly periodMs: number;
  readonly durationMs: number;
}

/** The value of a `clock` op. */
export interface ClockValue {
  readonly package?: string;
  /** Each affected node's skew. */
  readonly skews: Readonly<Record<string, SkewRequest>>;
  /** When set, `skews` is ignored for offsets: the nodes strobe, then keep their last flip. */
  readonly strobe?: StrobeRequest;
  /** For an aimed fault: the client process and lease it follows. */
  readonly process?: number;
  readonly resource?: string;
  readonly token?: string;
  /** Filled in the completion: node -> offset read after the change, ms. */
  readonly clocks?: Readonly<Record<string, number>>;
  /** Filled in the completion: the nodes whose offset was read inside processes the clock injector moved (what they themselves read), and by what; others are libfaketime's. */
  readonly tools?: Readonly<Record<string, "injector">>;
}

/** The value of a `reset-clock` op; without nodes, every node this nemesis skewed. */
export interface ResetClockValue {
  readonly package?: string;
  readonly nodes?: readonly string[];
  readonly clocks?: Readonly<Record<string, number>>;
  readonly tools?: Readonly<Record<string, "injector">>;
}

const REAL: ClockSkew = { offsetMs: 0, rate: 1 };

/** Creates a clock nemesis with its own record of skewed nodes. */
export function clockNemesis(): Nemesis {
  const skewed = new Set<NodeId>();

  async function apply(cluster: Cluster, value: ClockValue, signal: AbortSignal): Promise<ClockValue> {
    const nodes = Object.keys(value.skews) as NodeId[];
    // Started before any await, so an aimed skew lands before the holder's next op is sent.
    const sets = nodes.map((node) => {
      skewed.add(node);
      const skew = value.skews[node] as SkewRequest;
      return skew.offsetMs === undefined ? keepOffset(cluster, node, skew.rate) : cluster.setClock(node, { offsetMs: skew.offsetMs, rate: skew.rate });
    });
    await Promise.all(sets);
    if (value.strobe) await strobe(cluster, nodes, value.strobe, signal);
    return { ...value, ...(await readAll(cluster, nodes)) };
  }

  async function reset(cluster: Cluster, value: ResetClockValue): Promise<ResetClockValue> {
    const nodes = (value.nodes ?? [...skewed]) as NodeId[];
    await Promise.all(nodes.map((node) => cluster.setClock(node, REAL)));
    for (const node of nodes) skewed.delete(node);
    return { ...value, nodes, ...(await readAll(cluster, nodes)) };
  }

  return {
    fs: new Set(["clock", "reset-clock"]),
    setup: async () => {},
    invoke(op: Invoke, cluster: Cluster, signal: AbortSignal): Promise<ClockValue | ResetClockValue> {
      if (op.f === "clock") return apply(cluster, op.value as ClockValue, signal);
      return reset(cluster, (op.value ?? {}) as ResetClockValue);
    },
    async teardown(cluster) {
      if (skewed.size > 0) await reset(cluster, {});
    },
  };
}

async function keepOffset(cluster: ClusterClocks, node: NodeId, rate: number): Promise<void> {
  const { offsetMs } = await cluster.readClock(node);
  await cluster.setClock(node, { offsetMs, rate });
}

async function strobe(cluster: ClusterClocks, nodes: readonly NodeId[], s: StrobeRequest, signal: AbortSignal): Promise<void> {
  const flips = Math.max(1, Math.floor(s.durationMs / Math.max(1, s.periodMs)));
  for (let i = 0; i < flips && !signal.aborted; i++) {
    const offsetMs = i % 2 === 0 ? s.deltaMs : -s.deltaMs;
    await Promise.all(nodes.map((node) => cluster.setClock(node, { offsetMs, rate: 1 })));
    await sleepUnlessAborted(s.periodMs, signal);
  }
}

async function readAll(cluster: ClusterClocks, nodes: readonly NodeId[]): Promise<Pick<ClockValue, "clocks" | "tools">> {
  const readings = await Promise.all(nodes.map((node) => cluster.readClock(node)));
  const tools = Object.fromEntries(readings.filter((r) => r.tool !== undefined).map((r) => [r.node, r.tool as "injector"]));
  return { clocks: Object.fromEntries(readings.map((r) => [r.node, r.offsetMs])), ...(Object.keys(tools).length > 0 ? { tools } : {}) };
}
