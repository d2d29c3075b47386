import { describe, expect, it } from "vitest";
import type { StorageRecord } from "../../../core/index.js";
import { createPutJournal, createTurns, S3_META } from "./put-journal.js";

function journal(etags: Map<string, string>) {
  const records: StorageRecord[] = [];
  const put = createPutJournal({
    node: "s1", mode: "s3-conditional", nowNs: () => 7, currentEtag: async (key) => etags.get(key) ?? null, record: (r) => records.push(r),
  });
  return { put, records };
}

const meta = (token: string | undefined, client: string) => ({ [S3_META.client]: client, ...(token ? { [S3_META.token]: token } : {}) });

describe("the S3 put journal", () => {
  it("records what the server answered, with the token and client from metadata and the highest token before", async () => {
    const { put, records } = journal(new Map());
    await put({ key: "r1", headers: meta("5", "1"), body: "a" }, async () => ({ status: 200 }));
    await put({ key: "r1", headers: meta("4", "2"), body: "b" }, async () => ({ status: 200 }));
    await put({ key: "r1", headers: meta(undefined, "3"), body: "c" }, async () => ({ status: 412 }));
    expect(records.map((r) => [r.value, r.token, r.client, r.accepted, r.highest, r.reason, r.conditionHeld])).toEqual([
      ["a", "5", "1", true, null, undefined, undefined],
      ["b", "4", "2", true, "5", undefined, undefined],
      ["c", null, "3", false, "5", "precondition-failed", undefined],
    ]);
  });

  it("tells whether a conditional PUT named the object's current ETag, or asked for an absent object that was absent", async () => {
    const etags = new Map([["r1", '"e1"']]);
    const { put, records } = journal(etags);
    await put({ key: "r1", headers: { ...meta("1", "1"), "if-match": '"e1"' }, body: "a" }, async () => ({ status: 200 }));
    await put({ key: "r1", headers: { ...meta("1", "1"), "if-match": '"e0"' }, body: "b" }, async () => ({ status: 200 }));
    await put({ key: "r2", headers: { ...meta("1", "1"), "if-none-match": "*" }, body: "c" }, async () => ({ status: 200 }));
    await put({ key: "r1", headers: { ...meta("1", "1"), "if-none-match": "*" }, body: "d" }, async () => ({ status: 200 }));
    expect(records.map((r) => r.conditionHeld)).toEqual([true, false, true, false]);
  });

  it("forwards one PUT at a time, so nothing lands between its ETag lookup and its write", async () => {
    const { put } = journal(new Map());
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = put({ key: "r1", headers: meta("1", "1"), body: "a" }, () => new Promise<{ status: number }>((resolve) => {
      order.push("a starts");
      release = () => { order.push("a ends"); resolve({ status: 200 }); };
    }));
    const second = put({ key: "r1", headers: meta("2", "2"), body: "b" }, async () => { order.push("b starts"); return { status: 200 }; });
    await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["a starts", "a ends", "b starts"]);
  });

  it("lets a GET given the same turns start only once the PUT in flight has its answer", async () => {
    const turns = createTurns();
    const put = createPutJournal({ node: "s1", mode: "s3", nowNs: () => 7, currentEtag: async () => null, record: () => undefined }, turns);
    const order: string[] = [];
    let answer: () => void = () => undefined;
    const write = put({ key: "r1", headers: meta("1", "1"), body: "a" }, () => new Promise<{ status: number }>((resolve) => {
      order.push("PUT starts");
      answer = () => { order.push("PUT answered"); resolve({ status: 200 }); };
    }));
    const read = turns(async () => { order.push("GET starts"); });
    await new Promise((resolve) => setTimeout(resolve, 5));
    answer();
    await Promise.all([write, read]);
    expect(order).toEqual(["PUT starts", "PUT answered", "GET starts"]);
  });

  it("gives the next task its turn after one that failed", async () => {
    const turns = createTurns();
    const failed = turns(async () => { throw new Error("upstream gone"); });
    await expect(failed).rejects.toThrow("upstream gone");
    await expect(turns(async () => "next")).resolves.toBe("next");
  });
});
