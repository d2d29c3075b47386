import { describe, expect, it } from "vitest";
import { checkFencing, checkLockService, historyBuilder, storageRecord, testRunConfig } from "../checkers/index.js";
import { aimedStrikes } from "./aimed-fault-story.js";
import { buildStory } from "./story.js";

const config = testRunConfig("fenced", { lock: { adapter: "reference-timer", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } } });

/**
 * Client 1 is granted token 17 for r1 at 1.000 s; l1 is killed (4.25 ms after) and restarted
 * (invoked at 3.010 s, done at 3.500 s); client 2 gets token 17 again, by default at 3.610 s.
 */
function killedAfterGrant(grant: { resource: string; token: string }, regrant: [number, number] = [3600, 3610]) {
  const kill = { package: "kill-after-grant", aim: "leader", asked: "l1", nodes: ["l1"], grant: { process: 1, ...grant, client: "c2", time: 1000e6 } };
  return historyBuilder({ nodes: { 1: "c2", 2: "c3" } })
    .acquire(1, "r1", "17", [990, 1000])
    .op("invoke", "nemesis", "kill", kill, 1001).op("info", "nemesis", "kill", { ...kill, struckAfterMs: 4.25 }, 1010)
    .op("invoke", "nemesis", "restart", { package: "kill-after-grant", nodes: ["l1"] }, 3010).op("info", "nemesis", "restart", { package: "kill-after-grant", nodes: ["l1"] }, 3500)
    .acquire(2, "r1", "17", regrant)
    .build();
}

describe("the story of a fault aimed at a grant", () => {
  it("reads each aimed strike with the grant it followed, its node, its delay and its end", () => {
    expect(aimedStrikes(killedAfterGrant({ resource: "r1", token: "17" }))).toEqual([
      { kind: "kill", node: "l1", grant: { process: 1, resource: "r1", token: "17", client: "c2", time: 1000e6 }, struckAfterMs: 4.25, at: 1010e6, endingAt: 3010e6, endedAt: 3500e6 },
    ]);
  });

  it("names the killed node, how long after its grant, and the token it granted again after its restart", () => {
    const history = killedAfterGrant({ resource: "r1", token: "17" });
    const story = buildStory({ config, history, fencing: checkFencing({ config, history, storage: [] }), lockService: checkLockService({ config, history }), leaseOverlap: undefined });
    expect(story.kind).toBe("lock-service");
    expect(story.facts.map((f) => f.text)).toEqual(["Node l1 was killed 4 ms after it granted token 17 for r1; after its restart it granted token 17 for r1 again, to client 2"]);
  });

  it("says the restarted node granted it again when the grant came before the harness heard the restart complete", () => {
    const history = killedAfterGrant({ resource: "r1", token: "17" }, [3100, 3200]);
    const story = buildStory({ config, history, fencing: checkFencing({ config, history, storage: [] }), lockService: checkLockService({ config, history }), leaseOverlap: undefined });
    expect(story.facts[0]?.text).toBe("Node l1 was killed 4 ms after it granted token 17 for r1; after its restart it granted token 17 for r1 again, to client 2");
  });

  it("says the repeated grant was lost with the node when the kill followed another grant", () => {
    const history = killedAfterGrant({ resource: "r2", token: "3" });
    const story = buildStory({ config, history, fencing: checkFencing({ config, history, storage: [] }), lockService: checkLockService({ config, history }), leaseOverlap: undefined });
    expect(story.facts[0]?.text).toBe(
      "Node l1 was killed 4 ms after it granted token 3 for r2, and the grant of token 17 for r1 to client 1 was lost with it; after its restart it granted token 17 for r1 again, to client 2",
    );
  });

  it("is told instead of a rejected stale write, since the rejection follows from the repeated token", () => {
    const history = killedAfterGrant({ resource: "r1", token: "17" });
    const storage = [
      storageRecord({ key: "r1", value: "a", token: "18", client: "3", mode: "fenced", atMs: 3700 }),
      storageRecord({ key: "r1", value: "b", token: "17", client: "2", mode: "fenced", atMs: 3800, accepted: false }),
    ];
    const fencing = checkFencing({ config, history, storage });
    expect(fencing.rejections).toHaveLength(1);
    const story = buildStory({ config, history, fencing, lockService: checkLockService({ config, history }), leaseOverlap: undefined });
    expect(story.facts[0]?.text).toMatch(/^Node l1 was killed 4 ms after/);
  });

  it("leaves the plain story when no aimed fault explains the repeated token", () => {
    const history = historyBuilder({ nodes: { 1: "c2", 2: "c3" } }).acquire(1, "r1", "17", [990, 1000]).acquire(2, "r1", "17", [3600, 3610]).build();
    const story = buildStory({ config, history, fencing: checkFencing({ config, history, storage: [] }), lockService: checkLockService({ config, history }), leaseOverlap: undefined });
    expect(story.headline).toBe("The lock service broke its promise: it granted token 17 for r1 twice");
    expect(story.facts.map((f) => f.text)).toEqual(["Client 1 acquired r1 with token 17 at 1.00 s", "Client 2 was granted r1 with the same token 17 at 3.61 s"]);
  });
});
