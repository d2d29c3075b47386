import { describe, expect, it } from "vitest";
import { checkFencing, checkLockService, historyBuilder, testRunConfig } from "../checkers/index.js";
import { powerLosses } from "./power-loss-story.js";
import { buildStory } from "./story.js";

const config = testRunConfig("fenced", { lock: { adapter: "reference-nosync", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } } });
const lost = { l1: { files: 1, bytes: 4096, writes: 3, oldestMs: 701, removedFiles: 0 } };

/**
 * Client 1 is granted token 17 for r1 at 1 s; l1 loses power at 4.2 s (701 ms of writes), its
 * power-on is invoked at 5.2 s and done at 5.5 s; client 2 gets token 17 again (by default at 5.61 s).
 */
function lostGrant(writes: number, regrant: [number, number] = [5600, 5610]) {
  const value = { package: "lose-unfsynced-lock", nodes: ["l1"] };
  return historyBuilder({ nodes: { 1: "c2", 2: "c3" } })
    .acquire(1, "r1", "17", [990, 1000])
    .op("invoke", "nemesis", "power-loss", value, 4190).op("info", "nemesis", "power-loss", { ...value, lost: { l1: { ...lost.l1, writes } } }, 4200)
    .op("invoke", "nemesis", "power-on", value, 5200).op("info", "nemesis", "power-on", value, 5500)
    .acquire(2, "r1", "17", regrant)
    .build();
}

describe("the story of a power loss", () => {
  it("reads each power loss with what its node lost and when the node was back", () => {
    expect(powerLosses(lostGrant(3))).toEqual([{ node: "l1", at: 4200e6, endingAt: 5200e6, endedAt: 5500e6, oldestMs: 701, writes: 3, files: 1 }]);
  });

  it("names the node, how much it lost and when, and the token granted again after its restart", () => {
    const history = lostGrant(3);
    const story = buildStory({ config, history, fencing: checkFencing({ config, history, storage: [] }), lockService: checkLockService({ config, history }), leaseOverlap: undefined });
    expect(story.kind).toBe("lock-service");
    expect(story.facts.map((f) => f.text)).toEqual([
      "Node l1 lost 701 ms of unsynced writes (3 writes to 1 file) at 4.20 s; token 17 for r1, granted to client 1 before the loss, was granted again after its restart, to client 2",
    ]);
  });

  it("says the token was granted again after the restart when that came before the harness heard the node was back", () => {
    const history = lostGrant(3, [5300, 5310]);
    const story = buildStory({ config, history, fencing: checkFencing({ config, history, storage: [] }), lockService: checkLockService({ config, history }), leaseOverlap: undefined });
    expect(story.facts[0]?.text).toMatch(/was granted again after its restart, to client 2$/);
  });

  it("does not blame a power loss that lost nothing", () => {
    const history = lostGrant(0);
    const story = buildStory({ config, history, fencing: checkFencing({ config, history, storage: [] }), lockService: checkLockService({ config, history }), leaseOverlap: undefined });
    expect(story.facts[0]?.text).not.toContain("unsynced");
  });
});
