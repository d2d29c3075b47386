import { describe, expect, it } from "vitest";
import { launchReach, lockClockTool, processClock, type LockClockFacts } from "./lock-clock-tool.js";

const GO_BINARY = { support: "unsupported", reason: "a Go binary", injectable: true } as const;
const BROKEN_BY_LIBFAKETIME = { support: "unsupported", reason: "its sessions end early" } as const;

describe("lockClockTool", () => {
  it.each<[string, LockClockFacts, string]>([
    ["a user's program libfaketime cannot reach, on a runtime that injects clocks: the injector", { declared: undefined, reach: "unreached", injects: true }, "injector"],
    ["the same program on a runtime that does not: the real clock (its clock faults are refused)", { declared: undefined, reach: "unreached", injects: false }, "real"],
    ["a user's program libfaketime reaches: libfaketime, whatever the runtime", { declared: undefined, reach: "reached", injects: true }, "libfaketime"],
    ["a user's program not found on this machine: libfaketime, as before", { declared: undefined, reach: "unknown", injects: true }, "libfaketime"],
    ["a built-in service declared injectable, on a runtime that injects clocks: the injector", { declared: GO_BINARY, reach: "unknown", injects: true }, "injector"],
    ["the same service on a runtime that does not: the real clock", { declared: GO_BINARY, reach: "unknown", injects: false }, "real"],
    ["a declared service the injector does not reach: the real clock, even where clocks are injected", { declared: BROKEN_BY_LIBFAKETIME, reach: "reached", injects: true }, "real"],
    ["a user's image on a runtime that injects clocks: the injector, whatever its program", { declared: undefined, reach: "unknown", injects: true, image: true }, "injector"],
    ["a user's image on a runtime that does not: libfaketime (the runtime's image check judged it)", { declared: undefined, reach: "unknown", injects: false, image: true }, "libfaketime"],
  ])("%s", (_what, facts, tool) => {
    expect(lockClockTool(facts)).toBe(tool);
  });

  it("becomes the process spec's fields: none for libfaketime (the default), clockTool for the injector, fakeClock false for the real clock", () => {
    expect([processClock("libfaketime"), processClock("injector"), processClock("real")]).toEqual([{}, { clockTool: "injector" }, { fakeClock: false }]);
  });
});

describe("launchReach", () => {
  it("judges the launch's program from its file, and leaves an image's to the runtime that runs it", () => {
    expect(launchReach({ argv: ["/usr/bin/etcd", "--name", "l1"] })).toMatchObject({ reach: "unreached", program: "/usr/bin/etcd" });
    expect(launchReach({ argv: [process.execPath, "server.mjs"] })).toEqual({ reach: "reached" });
    expect(launchReach({ argv: ["/usr/bin/etcd"], image: "my-lock:1" })).toEqual({ reach: "unknown" });
  });
});
