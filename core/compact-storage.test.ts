import { describe, expect, it } from "vitest";
import { CompactStorage, storageView } from "./compact-storage.js";
import type { StorageRecord } from "./storage-record.js";

const record = (i: number, extra: Partial<StorageRecord> = {}): StorageRecord => ({
  time: 1_000_000 + i * 7.5, node: "s1", key: `r${i % 3}`, value: `p${i % 10}-${i}`, token: String(i + 1), client: String(i % 10),
  accepted: i % 4 !== 0, highest: i === 0 ? null : String(i), mode: "fenced", ...extra,
});

describe("storage records as columns", () => {
  it("gives back every record equal to the one appended, past its first capacity", () => {
    const records = Array.from({ length: 3000 }, (_, i) => record(i));
    const compact = new CompactStorage();
    for (const r of records) compact.append(r);
    const view = storageView(compact);
    expect(view.length).toBe(3000);
    expect([...view]).toStrictEqual(records);
    expect(view.filter((r) => !r.accepted)).toHaveLength(750);
  });

  it("keeps the optional fields only where they were, and null tokens as null", () => {
    const records: StorageRecord[] = [
      record(1, { accepted: false, reason: "stale-token" }),
      record(2, { mode: "cas", conditionHeld: false, token: null, highest: null }),
      record(3, { mode: "cas", conditionHeld: true, value: "ünïcode ✓" }),
      record(4, { serial: true }),
    ];
    const compact = new CompactStorage();
    for (const r of records) compact.append(r);
    expect([0, 1, 2, 3].map((i) => compact.get(i))).toStrictEqual(records);
    expect("reason" in compact.get(1)).toBe(false);
  });

  it("keeps whole a record it cannot hold exactly: another field, a token not in canonical decimal, a field of another type", () => {
    const odd = [
      { ...record(1), extra: 1 },
      record(2, { token: "007" }),
      record(3, { token: "123456789012345678901" }),
      { ...record(4), accepted: "yes" },
      record(6, { serial: false }),
    ] as unknown as StorageRecord[];
    const compact = new CompactStorage();
    for (const r of odd) compact.append(r);
    compact.append(record(5));
    expect([0, 1, 2, 3, 4].map((i) => compact.get(i))).toEqual(odd);
    expect(compact.get(1)).toBe(odd[1]);
    expect(compact.get(5)).toStrictEqual(record(5));
  });
});
