import { describe, expect, it } from "vitest";
import { checkFencing, checkRealTime, historyBuilder, storageRecord, testRunConfig } from "../checkers/index.js";
import { buildStory } from "./story.js";

const config = testRunConfig("unfenced", { lock: { adapter: "redlock", nodes: 3, fixedTtl: true } });

describe("the story of a stale write found by real time", () => {
  it("names the holder, the certain expiry, the next holder's acknowledged write and what storage did", () => {
    const history = historyBuilder({ nodes: { 1: "c2", 2: "c3" } })
      .op("invoke", 1, "acquire", { resource: "r1" }, 50).op("ok", 1, "acquire", { resource: "r1", token: null }, 100)
      .pause(["c2"], { process: 1, resource: "r1", durationMs: 3000, reason: "holder" }, [100, 101])
      .op("invoke", 2, "acquire", { resource: "r1" }, 150).op("ok", 2, "acquire", { resource: "r1", token: null }, 2130)
      .op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, 2140).op("ok", 2, "write", { resource: "r1", value: "p2-0", token: null }, 2250)
      .resume(["c2"], [3100, 3101])
      .op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, 3110).op("ok", 1, "write", { resource: "r1", value: "p1-0", token: null }, 3200)
      .build();
    const storage = [
      storageRecord({ key: "r1", value: "p2-0", token: null, client: "2", mode: "unfenced", atMs: 2200 }),
      storageRecord({ key: "r1", value: "p1-0", token: null, client: "1", mode: "unfenced", atMs: 3150 }),
    ];
    const input = { config, history, storage };
    const story = buildStory({ config, history, fencing: checkFencing(input), leaseOverlap: undefined, realTime: checkRealTime(input) });
    expect(story.kind).toBe("divergence");
    expect(story.headline).toBe("Storage accepted a write under an expired lease");
    expect(story.facts.map((f) => f.text)).toEqual([
      "Client 1 (node c2) acquired r1 at 0.10 s (it asked at 0.05 s); the lock service gave no fencing token",
      "The nemesis paused node c2 at 0.10 s for 3.00 s (longer than the 2.00 s lease)",
      "Its lease had certainly expired by 2.12 s: granted no later than 0.10 s, for 2.00 s on the lock server's clock, with a margin for that clock's rate",
      "Client 2 (node c3) asked for r1 at 0.15 s, after that grant, was granted it at 2.13 s",
      "Under that grant, its write p2-0 was acknowledged at 2.25 s",
      "Client 1 woke at 3.10 s still believing it held the lease and sent its write p1-0 at 3.11 s; storage took it in at 3.15 s",
    ]);
    expect(story.conclusion).toContain("Storage accepted it at 3.15 s: it overwrote p2-0");
  });

  it("tells a write sent before its holder was paused and taken in by storage after the next holder's, by storage's own order", () => {
    const history = historyBuilder({ nodes: { 1: "c2", 2: "c3" } })
      .op("invoke", 1, "acquire", { resource: "r1" }, 50).op("ok", 1, "acquire", { resource: "r1", token: null }, 100)
      .op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, 110)
      .pause(["c2"], { process: 1, resource: "r1", durationMs: 5000, reason: "holder" }, [101, 200])
      .op("invoke", 2, "acquire", { resource: "r1" }, 150).op("ok", 2, "acquire", { resource: "r1", token: null }, 2130)
      .op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, 2140).op("ok", 2, "write", { resource: "r1", value: "p2-0", token: null }, 2250)
      .resume(["c2"], [5100, 5101])
      .op("ok", 1, "write", { resource: "r1", value: "p1-0", token: null }, 5200)
      .build();
    const serial = { mode: "unfenced", serial: true } as const;
    const storage = [
      storageRecord({ key: "r1", value: "p2-0", token: null, client: "2", atMs: 2200, ...serial }),
      storageRecord({ key: "r1", value: "p1-0", token: null, client: "1", atMs: 5150, ...serial }),
    ];
    const input = { config, history, storage };
    const story = buildStory({ config, history, fencing: checkFencing(input), leaseOverlap: undefined, realTime: checkRealTime(input) });
    const text = story.facts.map((f) => f.text).join("\n");
    expect(text).toContain("paused node c2 at 0.10 s for 5.00 s (longer than the 2.00 s lease)");
    expect(text).toContain("Client 1 sent its write p1-0 at 0.11 s");
    expect(text).not.toContain("certainly expired");
    expect(text).toContain("Under that grant, its write p2-0 was accepted by storage at 2.20 s");
    expect(text).toContain("Storage took in p1-0 only after p2-0, at 5.15 s; client 1 woke at 5.10 s");
    expect(story.conclusion).toContain("storage decides one write at a time, and it decided the later holder's write first");
  });
});
