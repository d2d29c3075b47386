/**
 * Pure grudge builders (Jepsen's partition shapes). A grudge maps a node to
 * the nodes whose traffic it drops. Every builder is symmetric (a drops b
 * exactly when b drops a) except `oneWay` and the three-node majorities
 * ring. Node order matters: shuffle with `shuffled(nodes, rng)` first for a
 * random shape.
 */
import { type Grudge, type Rng } from "../../harness/core/index.js";
/** A grudge as JSON-friendly data: node -> nodes whose traffic it drops. */
export type GrudgeRecord = Readonly<Record<string, readonly string[]>>;
/** The grudge where each node drops every node outside its own component; nodes in no component are left alone. */
export declare function completeGrudge(components: readonly (readonly string[])[]): Grudge;
/** Cuts the nodes into a first half (the smaller when odd) and the rest. */
export declare function halves(nodes: readonly string[]): Grudge;
/** Halves of a random order chosen by `rng`. */
export declare function randomHalves(nodes: readonly string[], rng: Rng): Grudge;
/** Cuts one node off from all the others. */
export declare function isolate(nodes: readonly string[], node: string): Grudge;
/**
 * The largest minority against a strict majority: floor((n-1)/2) nodes
 * (the first ones) against the rest. For an even count this differs from
 * `halves`, which leaves no side with a majority.
 */
export declare function majorityMinority(nodes: readonly string[]): Grudge;
/**
 * Jepsen's majorities ring: nodes in a ring, each sees a majority of the
 * cluster (itself included), and no two nodes see the same majority. From
 * four nodes on, node i sees the nodes within ring distance k, the smallest
 * k that makes a majority, so the grudge is symmetric. Three nodes admit no
 * symmetric ring: there node i sees itself and its successor only.
 */
export declare function majoritiesRing(nodes: readonly string[]): Grudge;
/**
 * Two halves joined by one bridge node (the middle one) that talks to both
 * sides; the sides cannot talk to each other.
 */
export declare function bridge(nodes: readonly string[]): Grudge;
/** Traffic from `from` no longer reaches `to` (each of `to` drops each of `from`); the other way still works at IP level. */
export declare function oneWay(from: readonly string[], to: readonly string[]): Grudge;
/**
 * Cuts a client node off from the lock service but not from storage: the
 * holder drops the lock nodes and every lock node drops the holder.
 */
export declare function holderFromLock(holder: string, lockNodes: readonly string[]): Grudge;
/** A Fisher-Yates shuffle drawn from `rng`; the input is not changed. */
export declare function shuffled<T>(items: readonly T[], rng: Rng): T[];
/** The grudge as sorted plain data, for op values and nemesis.jsonl. */
export declare function grudgeRecord(grudge: Grudge): GrudgeRecord;
/** Parses the plain-data form back into a grudge. */
export declare function grudgeFromRecord(record: GrudgeRecord): Grudge;
