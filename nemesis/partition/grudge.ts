/**
 * Pure grudge builders (Jepsen's partition shapes). A grudge maps a node to
 * the nodes whose traffic it drops. Every builder is symmetric (a drops b
 * exactly when b drops a) except `oneWay` and the three-node majorities
 * ring. Node order matters: shuffle with `shuffled(nodes, rng)` first for a
 * random shape.
 */
import { nodeId, type Grudge, type NodeId, type Rng } from "../../core/index.js";

/** A grudge as JSON-friendly data: node -> nodes whose traffic it drops. */
export type GrudgeRecord = Readonly<Record<string, readonly string[]>>;

/** The value of a start-partition op. */
export interface PartitionValue {
  readonly package: string;
  /** The shape's name: halves, isolate, majorities-ring, bridge, holder... */
  readonly shape: string;
  readonly grudge: GrudgeRecord;
  readonly [key: string]: unknown;
}

/** The grudge where each node drops every node outside its own component; nodes in no component are left alone. */
export function completeGrudge(components: readonly (readonly string[])[]): Grudge {
  const all = components.flat();
  const grudge = new Map<NodeId, ReadonlySet<NodeId>>();
  for (const component of components) {
    const others = all.filter((n) => !component.includes(n)).map(nodeId);
    for (const node of component) if (others.length > 0) grudge.set(nodeId(node), new Set(others));
  }
  return grudge;
}

/** Cuts the nodes into a first half (the smaller when odd) and the rest. */
export function halves(nodes: readonly string[]): Grudge {
  const cut = Math.floor(nodes.length / 2);
  return completeGrudge([nodes.slice(0, cut), nodes.slice(cut)]);
}

/** Halves of a random order chosen by `rng`. */
export function randomHalves(nodes: readonly string[], rng: Rng): Grudge {
  return halves(shuffled(nodes, rng));
}

/** Cuts one node off from all the others. */
export function isolate(nodes: readonly string[], node: string): Grudge {
  return completeGrudge([[node], nodes.filter((n) => n !== node)]);
}

/**
 * The largest minority against a strict majority: floor((n-1)/2) nodes
 * (the first ones) against the rest. For an even count this differs from
 * `halves`, which leaves no side with a majority.
 */
export function majorityMinority(nodes: readonly string[]): Grudge {
  const cut = Math.floor((nodes.length - 1) / 2);
  return completeGrudge([nodes.slice(0, cut), nodes.slice(cut)]);
}

/**
 * Jepsen's majorities ring: nodes in a ring, each sees a majority of the
 * cluster (itself included), and no two nodes see the same majority. From
 * four nodes on, node i sees the nodes within ring distance k, the smallest
 * k that makes a majority, so the grudge is symmetric. Three nodes admit no
 * symmetric ring: there node i sees itself and its successor only.
 */
export function majoritiesRing(nodes: readonly string[]): Grudge {
  const n = nodes.length;
  if (n < 3) return new Map();
  const majority = Math.floor(n / 2) + 1;
  const k = Math.ceil((majority - 1) / 2);
  const sees = (i: number, j: number): boolean => {
    if (n === 3) return j === i || j === (i + 1) % n;
    const d = Math.abs(i - j);
    return Math.min(d, n - d) <= k;
  };
  const grudge = new Map<NodeId, ReadonlySet<NodeId>>();
  nodes.forEach((node, i) => {
    const dropped = nodes.filter((_, j) => !sees(i, j)).map(nodeId);
    if (dropped.length > 0) grudge.set(nodeId(node), new Set(dropped));
  });
  return grudge;
}

/**
 * Two halves joined by one bridge node (the middle one) that talks to both
 * sides; the sides cannot talk to each other.
 */
export function bridge(nodes: readonly string[]): Grudge {
  const middle = Math.floor(nodes.length / 2);
  const left = nodes.slice(0, middle);
  const right = nodes.slice(middle + 1);
  const grudge = new Map<NodeId, ReadonlySet<NodeId>>();
  for (const node of left) if (right.length > 0) grudge.set(nodeId(node), new Set(right.map(nodeId)));
  for (const node of right) if (left.length > 0) grudge.set(nodeId(node), new Set(left.map(nodeId)));
  return grudge;
}

/** Traffic from `from` no longer reaches `to` (each of `to` drops each of `from`); the other way still works at IP level. */
export function oneWay(from: readonly string[], to: readonly string[]): Grudge {
  return new Map(to.map((node) => [nodeId(node), new Set(from.map(nodeId))] as const));
}

/**
 * Cuts a client node off from the lock service but not from storage: the
 * holder drops the lock nodes and every lock node drops the holder.
 */
export function holderFromLock(holder: string, lockNodes: readonly string[]): Grudge {
  const grudge = new Map<NodeId, ReadonlySet<NodeId>>([[nodeId(holder), new Set(lockNodes.map(nodeId))]]);
  for (const node of lockNodes) grudge.set(nodeId(node), new Set([nodeId(holder)]));
  return grudge;
}

/** A Fisher-Yates shuffle drawn from `rng`; the input is not changed. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The grudge as sorted plain data, for op values and nemesis.jsonl. */
export function grudgeRecord(grudge: Grudge): GrudgeRecord {
  const entries = [...grudge].map(([node, dropped]) => [node as string, [...dropped].map(String).sort()] as const);
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** Parses the plain-data form back into a grudge. */
export function grudgeFromRecord(record: GrudgeRecord): Grudge {
  return new Map(Object.entries(record).map(([node, dropped]) => [nodeId(node), new Set(dropped.map(nodeId))] as const));
}
