import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createSystemClock } from "../../../core/index.js";
import { chooseFaketime, clockRefusal, faketimeCandidates, probeHostFaketime, tripletOf } from "./host-faketime.js";
import { localHost } from "./testing/local-host.js";

const BUNDLED = "/opt/fencecheck/v1/lib/libfaketime.so.1";
const ARM_LIB = "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1";
const X86_LIB = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
const facts = { host: "h1", controlMachine: "x86_64", bundled: BUNDLED, present: [] as string[] };

describe("the libfaketime a host's processes load", () => {
  it("is the deployed copy on a host of this machine's architecture", () => {
    expect(chooseFaketime({ ...facts, machine: "x86_64", present: [X86_LIB] })).toEqual({ library: BUNDLED, source: "bundle" });
  });

  it("is the host's own, from its architecture's folder, on an arm64 host", () => {
    expect(chooseFaketime({ ...facts, machine: "aarch64", present: [X86_LIB, ARM_LIB] })).toEqual({ library: ARM_LIB, source: "host" });
  });

  it("is never a library of another architecture the host happens to have", () => {
    const none = chooseFaketime({ ...facts, machine: "aarch64", present: [X86_LIB] });
    expect(none).toEqual({ library: undefined, reason: 'host "h1" (aarch64) has no libfaketime for its architecture and this machine\'s is for x86_64: install it there (apt-get install libfaketime)' });
  });

  it("is the host's own when this machine has none to deploy, else none with the reason", () => {
    expect(chooseFaketime({ ...facts, bundled: undefined, machine: "x86_64", present: [X86_LIB] })).toEqual({ library: X86_LIB, source: "host" });
    expect(chooseFaketime({ ...facts, bundled: undefined, machine: "x86_64" })).toMatchObject({ library: undefined, reason: expect.stringContaining("this machine has none to deploy (apt-get install libfaketime here)") });
  });

  it("is looked for in Debian's multiarch folder first, then in a local build's", () => {
    expect(tripletOf("aarch64")).toBe("aarch64-linux-gnu");
    expect(tripletOf("arm64")).toBe("aarch64-linux-gnu");
    expect(faketimeCandidates("aarch64")[0]).toBe(ARM_LIB);
    expect(faketimeCandidates("mips")).toEqual(["/usr/local/lib/faketime/libfaketime.so.1", "/usr/lib/faketime/libfaketime.so.1"]);
  });
});

describe("a run that would skew a node's clock", () => {
  const none = { library: undefined, reason: 'host "h2" (aarch64) has no libfaketime' } as const;
  it("is refused in one line naming the node and its host when that host has no libfaketime", () => {
    expect(clockRefusal([{ id: "l1", faketime: { library: BUNDLED, source: "bundle" } }, { id: "l2", faketime: none }])).toBe('Cannot fake the clock of node "l2": host "h2" (aarch64) has no libfaketime');
  });

  it("goes ahead when every skewed node's host has one", () => {
    expect(clockRefusal([{ id: "l1", faketime: { library: BUNDLED, source: "bundle" } }])).toBeUndefined();
    expect(clockRefusal([])).toBeUndefined();
  });
});

describe("probing a host", () => {
  it("reads its uname -m and finds its own libfaketime (this machine standing in for the host)", async () => {
    const machine = process.arch === "x64" ? "x86_64" : "aarch64";
    const own = faketimeCandidates(machine).find((path) => existsSync(path));
    const found = await probeHostFaketime(localHost(), { controlMachine: "s390x", bundled: BUNDLED, clock: createSystemClock() });
    expect(found).toEqual(own === undefined ? expect.objectContaining({ library: undefined }) : { library: own, source: "host" });
    expect(await probeHostFaketime(localHost(), { controlMachine: machine, bundled: BUNDLED, clock: createSystemClock() })).toEqual({ library: BUNDLED, source: "bundle" });
  });
});
