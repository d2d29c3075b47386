import { describe, expect, it } from "vitest";
import { compareTokens, CompactHistory, historyView, type LeaseEnd, type RunConfig } from "../../core/index.js";
import { historyBuilder, testRunConfig } from "../testing/index.js";
import { leaseTable, leasesOf } from "./lease-bounds.js";
import { compareTokensAt, floatColumn, leaseAt, tokenNumber } from "./lease-columns.js";
import { heldLeases } from "./held-leases.js";
import { leaseFactTable } from "./lease-history.js";
import { leaseRules } from "./lease-rules.js";

const base = testRunConfig("fenced"); // ttl 2000 ms, lock nodes l1..l3
function rules(ends: LeaseEnd, timedFrom: "grant" | "request" = "grant") {
  const config: RunConfig = { ...base, lock: { ...base.lock, lease: { ends, timedFrom } } };
  return leaseRules(config);
}

describe("the lease table", () => {
  it("grows a column past its first capacity and trims it to what was pushed", () => {
    const column = floatColumn();
    for (let i = 0; i < 5000; i++) column.push(i / 2);
    const done = column.done();
    expect(done.length).toBe(5000);
    expect([done[0], done[4999]]).toEqual([0, 2499.5]);
  });

  it("compares tokens as numbers when both are safe integers and as bigints otherwise", () => {
    expect([tokenNumber("42"), tokenNumber("-3"), tokenNumber(undefined)]).toEqual([42, -3, Number.NaN]);
    expect(tokenNumber("123456789012345678901")).toBeNaN();
    const history = historyBuilder()
      .acquire(1, "r1", "123456789012345678902", [0, 10]).acquire(2, "r1", "123456789012345678901", [20, 30]).acquire(3, "r1", "9", [40, 50])
      .build();
    const t = leaseFactTable(history);
    expect(compareTokensAt(t, 0, 1, compareTokens)).toBe(1);
    expect(compareTokensAt(t, 2, 1, compareTokens)).toBe(-1);
    expect(compareTokensAt(t, 2, 2, compareTokens)).toBe(0);
  });

  it("keeps no time it does not know: NaN in the column, undefined in the lease made of it", () => {
    const history = historyBuilder().acquire(1, "r1", "1", [0, 10]).release(1, "r1", "1", [100, 110]).acquire(2, "r1", "2", [200, 210]).build();
    const t = leaseTable(history, rules("ttl"));
    expect(t.length).toBe(2);
    expect(t.releasedAt[1]).toBeNaN();
    expect(leaseAt(t, 1)).toMatchObject({ process: 2, resource: "r1", token: "2", releaseInvokedAt: undefined, releasedAt: undefined, retiredAt: undefined });
    expect(Object.keys(leaseAt(t, 0))).toEqual([
      "process", "node", "resource", "token", "invokedAt", "grantedAt", "releaseInvokedAt", "releasedAt", "retiredAt", "believedUntil",
      "sessionBreaks", "grantNoEarlierThan", "mayEndFrom", "endedBy",
    ]);
  });

  it("ends a client-session lease at the first session break at or after both its invoke and its grant's lower bound", () => {
    const b = historyBuilder().acquire(1, "r1", "1", [100, 500]).release(1, "r1", "1", [3000, 3010]);
    for (const [node, at] of [["l1", 900], ["l2", 50], ["l1", 700]] as const) b.op("invoke", "nemesis", "kill", { nodes: [node] }, at).op("info", "nemesis", "kill", { nodes: [node] }, at + 1);
    const history = b.build();
    // Kills at 50 (before the acquire), 700 and 900: the lease may end at the kill of 700.
    expect(leasesOf(history, rules("client-session"))[0]).toMatchObject({ mayEndFrom: 700e6, sessionBreaks: [700e6, 900e6] });
    // Out of time order in the history (the kill recorded first invoked last), the first break in history order counts, as it always did.
    const swapped = history.map((op) => (op.f !== "kill" || op.type !== "invoke" ? op : { ...op, time: op.time === 700e6 ? 900e6 : op.time === 900e6 ? 700e6 : op.time }));
    expect(leasesOf(swapped, rules("client-session"))[0]).toMatchObject({ mayEndFrom: 900e6, sessionBreaks: [900e6, 700e6] });
  });

  it("finds the lease a client held at an instant, and none after its release or before its grant", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10]).release(1, "r1", "1", [100, 110]).acquire(1, "r1", "3", [300, 310]).acquire(2, "r2", "1", [0, 20])
      .build();
    const t = leaseFactTable(history);
    const held = heldLeases(t);
    const at = (process: number, resource: string, ms: number) => held(process, resource, ms * 1e6);
    expect([at(1, "r1", 50), at(1, "r1", 200), at(1, "r1", 400), at(2, "r2", 30), at(2, "r1", 30), at(1, "r9", 30)].map((i) => (i === -1 ? undefined : t.token[i])))
      .toEqual(["1", undefined, "3", "1", undefined, undefined]);
    expect(at(1, "r1", 5)).toBe(-1);
  });

  it("reads the same leases from a history's columns as from its ops", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10]).write(1, "r1", "a", "1", [20, 30]).release(1, "r1", "1", [40, 50])
      .acquire(2, "r1", "2", [5, 60]).write(2, "r1", "b", "2", [70, 900], "info")
      .build();
    const compact = new CompactHistory();
    for (const op of history) compact.append(op);
    expect(leasesOf(historyView(compact), rules("ttl"))).toStrictEqual(leasesOf(history, rules("ttl")));
    expect(leasesOf(historyView(compact), rules("client-session", "request"))).toStrictEqual(leasesOf(history, rules("client-session", "request")));
  });
});
