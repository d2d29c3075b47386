import { describe, expect, it } from "vitest";
import { createRng, type Grudge } from "../../core/index.js";
import {
  bridge,
  grudgeFromRecord,
  grudgeRecord,
  halves,
  holderFromLock,
  isolate,
  majoritiesRing,
  majorityMinority,
  oneWay,
  randomHalves,
} from "./grudge.js";

const SIZES = [3, 5, 7] as const;

function names(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `n${i + 1}`);
}

/** The nodes `node` can hear from, itself included. */
function sees(grudge: Grudge, nodes: readonly string[], node: string): string[] {
  const dropped = [...(grudge.get(node as never) ?? [])].map(String);
  return nodes.filter((n) => !dropped.includes(n));
}

function isSymmetric(grudge: Grudge): boolean {
  return [...grudge].every(([a, dropped]) => [...dropped].every((b) => grudge.get(b)?.has(a) === true));
}

/** The connected groups of a symmetric grudge that splits nodes into disjoint sides. */
function sides(grudge: Grudge, nodes: readonly string[]): string[][] {
  const seen = new Map<string, string[]>();
  for (const node of nodes) seen.set(sees(grudge, nodes, node).join(","), sees(grudge, nodes, node));
  return [...seen.values()];
}

describe.each(SIZES)("grudges over %i nodes", (n) => {
  const nodes = names(n);
  const majority = Math.floor(n / 2) + 1;

  it("halves splits into two disjoint symmetric sides with every node in one", () => {
    const grudge = halves(nodes);
    expect(isSymmetric(grudge)).toBe(true);
    const parts = sides(grudge, nodes);
    expect(parts.map((p) => p.length).sort()).toEqual([Math.floor(n / 2), Math.ceil(n / 2)]);
    expect(parts.flat().sort()).toEqual([...nodes].sort());
  });

  it("random halves depend on the rng and stay halves", () => {
    const shapes = new Set([1, 2, 3, 4, 5, 6].map((seed) => JSON.stringify(grudgeRecord(randomHalves(nodes, createRng(seed))))));
    expect(shapes.size).toBeGreaterThan(1);
    const grudge = randomHalves(nodes, createRng(9));
    expect(isSymmetric(grudge)).toBe(true);
    expect(sides(grudge, nodes).map((p) => p.length).sort()).toEqual([Math.floor(n / 2), Math.ceil(n / 2)]);
  });

  it("isolate leaves one node alone and the others together", () => {
    const grudge = isolate(nodes, "n2");
    expect(isSymmetric(grudge)).toBe(true);
    expect(sees(grudge, nodes, "n2")).toEqual(["n2"]);
    expect(sees(grudge, nodes, "n1")).toEqual(nodes.filter((x) => x !== "n2"));
  });

  it("majority-minority leaves exactly one side with a strict majority", () => {
    const grudge = majorityMinority(nodes);
    expect(isSymmetric(grudge)).toBe(true);
    const parts = sides(grudge, nodes).map((p) => p.length).sort();
    expect(parts).toEqual([n - majority, majority]);
  });

  it("majorities ring lets every node see a majority and no two nodes the same one", () => {
    const grudge = majoritiesRing(nodes);
    const views = nodes.map((node) => sees(grudge, nodes, node));
    for (const view of views) expect(view.length).toBeGreaterThanOrEqual(majority);
    for (const view of views) expect(view.length).toBeLessThan(n);
    expect(new Set(views.map((v) => v.join(","))).size).toBe(n);
    expect(isSymmetric(grudge)).toBe(n > 3);
  });

  it("bridge keeps one node talking to both sides, which cannot talk to each other", () => {
    const grudge = bridge(nodes);
    expect(isSymmetric(grudge)).toBe(true);
    const bridges = nodes.filter((node) => sees(grudge, nodes, node).length === n);
    expect(bridges).toHaveLength(1);
    const others = nodes.filter((node) => !bridges.includes(node));
    const [first] = others;
    const cut = others.filter((node) => !sees(grudge, nodes, first as string).includes(node));
    expect(cut.length).toBeGreaterThan(0);
    for (const node of cut) expect(sees(grudge, nodes, node)).not.toContain(first);
  });

  it("one-way drops traffic only in the direction asked for", () => {
    const grudge = oneWay(["n1"], ["n2", "n3"]);
    expect(grudgeRecord(grudge)).toEqual({ n2: ["n1"], n3: ["n1"] });
    expect(isSymmetric(grudge)).toBe(false);
  });

  it("holder-from-lock cuts the holder from lock nodes only, both ways", () => {
    const grudge = holderFromLock("c1", ["l1", "l2"]);
    expect(grudgeRecord(grudge)).toEqual({ c1: ["l1", "l2"], l1: ["c1"], l2: ["c1"] });
    expect(isSymmetric(grudge)).toBe(true);
    expect(grudge.has("s1" as never)).toBe(false);
  });
});

describe("grudge records", () => {
  it("round-trip through plain data", () => {
    const grudge = majoritiesRing(names(5));
    expect(grudgeRecord(grudgeFromRecord(grudgeRecord(grudge)))).toEqual(grudgeRecord(grudge));
  });
});
