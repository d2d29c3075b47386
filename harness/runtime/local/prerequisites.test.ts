import { describe, expect, it } from "vitest";
import { missingPrerequisites } from "./prerequisites.js";

describe("missingPrerequisites", () => {
  it("reports nothing when all is there", () => {
    expect(missingPrerequisites({ isRoot: true, hasIp: true, hasIptables: true })).toEqual([]);
  });

  it("names root first, then the Debian package of each missing tool", () => {
    const lines = missingPrerequisites({ isRoot: false, hasIp: false, hasIptables: false });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/needs root/);
    expect(lines[1]).toMatch(/"iproute2"/);
    expect(lines[2]).toMatch(/"iptables"/);
  });
});
