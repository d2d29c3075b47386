import { describe, expect, it } from "vitest";
import { checkFencing, checkLockService, historyBuilder, leaseRules, leasesOf, storageRecord, testRunConfig } from "../checkers/index.js";
import { buildStory } from "./story.js";

// Client 3 takes r1 with token 33 and sends its write at 2.11 s; held 3 s inside its op, the write reaches storage at
// 5.12 s, after client 1's write under token 34. The lock service kept its promise: client 1 asked at 2.20 s and was
// granted at 4.12 s, once client 3's lease had run out.
const config = testRunConfig("unfenced", { lock: { adapter: "reference", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } } });
const history = historyBuilder({ nodes: { 1: "c1", 3: "c2" } })
  .acquire(3, "r1", "33", [2090, 2100])
  .write(3, "r1", "v3-2", "33", [2110, 5120])
  .acquire(1, "r1", "34", [2200, 4130])
  .write(1, "r1", "v1-7", "34", [4140, 4150])
  .build();
const storage = [
  storageRecord({ key: "r1", value: "v1-7", token: "34", client: "1", mode: "unfenced", atMs: 4145 }),
  storageRecord({ key: "r1", value: "v3-2", token: "33", client: "3", mode: "unfenced", atMs: 5115, highest: "34" }),
];

describe("the story of a stale write fencing found", () => {
  const story = buildStory({ config, history, fencing: checkFencing({ config, history, storage }), lockService: checkLockService({ config, history }), leaseOverlap: undefined });

  it("dates the stale write when storage saw it, not when its op began, and tells every step in time order", () => {
    expect(story.kind).toBe("divergence");
    expect(story.facts.map((f) => f.text)).toEqual([
      "Client 3 (node c2) acquired r1 with token 33 at 2.10 s",
      "Its lease ran out on the lock service between 4.07 s and 4.12 s",
      "Client 1 acquired r1 with token 34 at 4.13 s",
      "Storage accepted client 1's write v1-7 with token 34 at 4.14 s",
      "Client 3, still believing it held the lease, wrote v3-2 with token 33, which reached storage at 5.12 s",
    ]);
    const times = story.facts.map((f) => f.time as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("bounds the lease's end as the checkers' lease model does, not as grant plus TTL", () => {
    const lease = leasesOf(history, leaseRules(config)).find((l) => l.token === "33");
    expect(lease?.endedBy).toBe(2100e6 + 2022e6);
    expect(story.facts[1]?.text).toContain(`and ${((lease?.endedBy as number) / 1e9).toFixed(2)} s`);
    expect(story.facts[1]?.time).toBe(2090e6 + 1978e6);
  });

  it("says the lock service did nothing wrong that the history shows", () => {
    expect(story.conclusion).toMatch(/The lock service did nothing wrong that the history shows: no two leases of r1 were certainly live at once\.$/);
  });
});
