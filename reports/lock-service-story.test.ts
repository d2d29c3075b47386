import { describe, expect, it } from "vitest";
import { compose, historyBuilder, lockCheckers, storageRecord, testRunConfig, type FencingResult, type LockServiceResult, type RealTimeResult } from "../checkers/index.js";
import type { CheckResult, History, RunConfig, StorageRecord } from "../core/index.js";
import { buildReportModel } from "./report-model.js";
import { buildStory } from "./story.js";

/**
 * The story of a run as `analyze` tells it: every lock checker's result,
 * through results.json's JSON, into the report model. `without` drops a
 * checker's result.
 */
async function storyOf(config: RunConfig, history: History, storage: readonly StorageRecord[], without?: string) {
  const run = { config, history, storage };
  const checked = JSON.parse(JSON.stringify(await compose(lockCheckers()).check(run))) as { valid: boolean; results: Record<string, CheckResult> };
  const results = Object.fromEntries(Object.entries(checked.results).filter(([name]) => name !== without));
  const model = buildReportModel({ ...run, results: { valid: checked.valid, results }, shading: [] });
  return {
    story: model.story, fencing: results["fencing"] as FencingResult, realTime: results["real-time"] as RealTimeResult,
    lockService: results["lock-service"] as LockServiceResult,
  };
}

describe("the story of a lock service that broke its promise", () => {
  // reference-timer saves its tokens every 300 ms: killed 4 ms after granting token 17 to client 1, it hands 17 out
  // again after its restart. Client 1's lease had certainly ended long before (2 s TTL); it only kept writing because
  // its token was still good to storage: an equal token is not a stale one.
  const timer = testRunConfig("fenced", { lock: { adapter: "reference-timer", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } } });
  const kill = { package: "kill-after-grant", nodes: ["l1"], grant: { process: 1, resource: "r1", token: "17", time: 1000e6 } };
  const killed = historyBuilder({ nodes: { 1: "c2", 2: "c3" } })
    .acquire(1, "r1", "17", [990, 1000])
    .op("invoke", "nemesis", "kill", kill, 1001).op("info", "nemesis", "kill", { ...kill, struckAfterMs: 4.25 }, 1010)
    .op("invoke", "nemesis", "restart", { package: "kill-after-grant", nodes: ["l1"] }, 3010).op("info", "nemesis", "restart", { package: "kill-after-grant", nodes: ["l1"] }, 3500)
    .acquire(2, "r1", "17", [3600, 3610])
    .write(2, "r1", "p2-0", "17", [3620, 3720])
    .write(1, "r1", "p1-0", "17", [3630, 3820])
    .build();
  const serial = { mode: "fenced", serial: true } as const;
  const killedStorage = [
    storageRecord({ key: "r1", value: "p2-0", token: "17", client: "2", atMs: 3700, ...serial }),
    storageRecord({ key: "r1", value: "p1-0", token: "17", client: "1", atMs: 3800, ...serial }),
  ];

  it("leads with the kill, not real time, when a token repeated after a restart let the old holder's write through", async () => {
    const { story, fencing, realTime } = await storyOf(timer, killed, killedStorage);
    expect([fencing.violations.length, realTime.violations.length]).toEqual([0, 1]);
    expect(story.kind).toBe("lock-service");
    expect(story.headline).toBe("The lock service broke its promise: it granted token 17 for r1 twice");
    expect(story.facts.map((f) => f.text)).toEqual([
      "Node l1 was killed 4 ms after it granted token 17 for r1; after its restart it granted token 17 for r1 again, to client 2",
      "Storage accepted client 1's write p1-0 with token 17 at 3.80 s, after client 2's write p2-0 with the same token 17 (accepted at 3.70 s), made under a later grant",
    ]);
    expect(story.conclusion).toBe(
      "Storage accepted a write under a stale lease because token 17 was in two clients' hands, and storage cannot tell two holders of one token apart. "
      + "Fencing tokens are only as good as the lock service that issues them.",
    );
  });

  it("names the token of a real-time story's grants instead of saying the service gave none", async () => {
    // Told only without the lock-service checker's result, which leads with the kill.
    const { realTime } = await storyOf(timer, killed, killedStorage);
    const told = buildStory({ config: timer, history: killed, fencing: undefined, leaseOverlap: undefined, realTime, lockService: undefined });
    expect(told.headline).toBe("Storage accepted a write under an expired lease");
    expect(told.facts[0]?.text).toBe("Client 1 (node c2) acquired r1 at 1.00 s (it asked at 0.99 s) with token 17");
    expect(told.facts.map((f) => f.text)).toContain("Client 2 (node c3) asked for r1 at 3.60 s, after that grant, was granted it with the same token 17 at 3.61 s");
    expect(told.conclusion).toMatch(/Real time, not the tokens, proves it: /);
  });

  // reference-wallclock times leases on its wall clock: the nemesis moves l1's clock 4 s forward at 4.26 s and the
  // service ends client 1's lease early, granting r1 to client 3 at 4.27 s. Client 1 was not paused: its write, sent at
  // 3.30 s, was held 1,457 ms inside its op and reached storage at 4.68 s, after client 3's token 4. No lease of r1 could
  // have ended before client 3's grant, so the rejection follows from the double grant only.
  const wallclock = testRunConfig("fenced", { lock: { adapter: "reference-wallclock", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } } });
  const jump = { skews: { l1: { offsetMs: 4000, rate: 1 } }, package: "clock-jump" };
  const jumped = historyBuilder({ nodes: { 1: "c2", 3: "c4" } })
    .acquire(1, "r1", "3", [2716, 3294])
    .op("invoke", "nemesis", "clock", jump, 4264).op("info", "nemesis", "clock", { ...jump, clocks: { l1: 4004 } }, 4286)
    .acquire(3, "r1", "4", [3500, 4271])
    .write(3, "r1", "p3-0", "4", [4280, 4300])
    .write(1, "r1", "p1-3", "3", [3296, 4690], "stale")
    .build();
  const jumpedStorage = [
    storageRecord({ key: "r1", value: "p3-0", token: "4", client: "3", atMs: 4290 }),
    storageRecord({ key: "r1", value: "p1-3", token: "3", client: "1", atMs: 4680, accepted: false, highest: "4", reason: "stale-token" }),
  ];

  it("leads with the double grant and the clock jump that caused it, not with the write fencing rejected", async () => {
    const { story, fencing, lockService } = await storyOf(wallclock, jumped, jumpedStorage);
    expect([fencing.rejections.length, lockService.doubleGrants.length, lockService.tokenViolations.length]).toEqual([1, 1, 0]);
    expect(story.kind).toBe("lock-service");
    expect(story.headline).toBe("The lock service broke its promise: it granted r1 to two clients at once");
    expect(story.conclusion).toMatch(/^Storage rejected the stale write this time \(token 3 after 4\), but the lock service broke its promise: it granted r1 to two clients at once\./);
  });

  it("tells its steps in time order, the write dated when storage saw it, the lease bound the checkers' own", async () => {
    const { story, lockService } = await storyOf(wallclock, jumped, jumpedStorage);
    const mayEndFrom = lockService.doubleGrants[0]?.first.mayEndFrom as number;
    expect(story.facts.map((f) => f.text)).toEqual([
      `Client 1 (node c2) acquired r1 with token 3 at 3.29 s; its lease could not have ended before ${(mayEndFrom / 1e9).toFixed(2)} s`,
      "The nemesis moved the clock of lock node l1 4000 ms forward at 4.26 s; a lease timed on that clock ends early",
      "Client 3 (node c4) was granted r1 with token 4 at 4.27 s, while client 1's lease was still live",
      "Storage rejected client 1's write p1-3 with token 3 at 4.68 s, since it had accepted client 3's write p3-0 with token 4 at 4.29 s",
    ]);
    const times = story.facts.map((f) => f.time as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("tells a certain lease overlap as the broken promise when the lock-service result is missing", async () => {
    const { story } = await storyOf(wallclock, jumped, jumpedStorage, "lock-service");
    expect(story.headline).toBe("The lock service broke its promise: it granted r1 to two clients at once");
    expect(story.facts[2]?.text).toBe("Client 3 (node c4) was granted r1 with token 4 at 4.27 s, while client 1's lease was still live");
  });

  // Redlock over three Redis masters, leases timed from the request, no token: right after client 1 is granted r1 at
  // 1.00 s, the nemesis jumps l1's and l3's clocks 4 s forward, so client 1's key expires at once on two masters of
  // three. Client 2, retrying since 0.50 s, takes that majority at 1.06 s while client 1's lease is certainly live.
  const redlock = testRunConfig("unfenced", { lock: { adapter: "redlock", nodes: 3, lease: { ends: "ttl", timedFrom: "request" } } });
  const majority = { skews: { l1: { offsetMs: 4000, rate: 1 }, l3: { offsetMs: 4000, rate: 1 } }, process: 1, resource: "r1", package: "clock-jump" };
  const tokenless = (b: ReturnType<typeof historyBuilder>, p: number, [t0, t1]: readonly [number, number]) =>
    b.op("invoke", p, "acquire", { resource: "r1" }, t0).op("ok", p, "acquire", { resource: "r1", token: null }, t1);
  const twoHolders = tokenless(tokenless(historyBuilder({ nodes: { 1: "c2", 2: "c3" } }), 1, [950, 1000]), 2, [500, 1060])
    .op("invoke", "nemesis", "clock", majority, 1002).op("info", "nemesis", "clock", { ...majority, clocks: { l1: 4001, l3: 4000 } }, 1040)
    .build();

  it("tells a Redlock double grant with the majority of masters whose clocks jumped forward right after the first grant", async () => {
    const { story, lockService } = await storyOf(redlock, twoHolders, []);
    const mayEndFrom = lockService.doubleGrants[0]?.first.mayEndFrom as number;
    expect(story.headline).toBe("The lock service broke its promise: it granted r1 to two clients at once");
    expect(story.facts.map((f) => f.text)).toEqual([
      `Client 1 (node c2) acquired r1 at 1.00 s; its lease could not have ended before ${(mayEndFrom / 1e9).toFixed(2)} s`,
      "The nemesis moved the clocks of lock nodes l1 and l3 (2 of 3, a majority) 4000 ms forward at 1.00 s, right after client 1 acquired r1; a lease timed on those clocks ends early on each of them",
      "Client 2 (node c3) was granted r1 at 1.06 s, while client 1's lease was still live",
    ]);
    expect(story.conclusion).toBe("A lease timed on a wall clock is only as safe as that clock; a fencing token that storage checks needs no clock.");
  });

  it("tells the storage story when the lock service kept its promise", async () => {
    const kept = historyBuilder({ nodes: { 1: "c2", 3: "c4" } })
      .acquire(1, "r1", "3", [2716, 3294]).acquire(3, "r1", "4", [3500, 5400])
      .write(3, "r1", "p3-0", "4", [5410, 5420]).write(1, "r1", "p1-3", "3", [3296, 5500], "stale")
      .build();
    const storage = [
      storageRecord({ key: "r1", value: "p3-0", token: "4", client: "3", atMs: 5415 }),
      storageRecord({ key: "r1", value: "p1-3", token: "3", client: "1", atMs: 5490, accepted: false, highest: "4", reason: "stale-token" }),
    ];
    const { story, lockService } = await storyOf(wallclock, kept, storage);
    expect(lockService.valid).toBe(true);
    expect(story.kind).toBe("prevented");
  });
});
