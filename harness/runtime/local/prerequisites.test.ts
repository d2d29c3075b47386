import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { missingPrerequisites, onPath } from "./prerequisites.js";

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

describe("onPath", () => {
  const dir = mkdtempSync(join(tmpdir(), "fencecheck-path-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "tool"), "#!/bin/sh\n", { mode: 0o755 });
  writeFileSync(join(dir, "plain"), "", { mode: 0o644 });
  mkdirSync(join(dir, "folder"));

  it("finds an executable file in one of PATH's folders", () => {
    expect(onPath("tool", `/nonexistent:${dir}`)).toBe(true);
  });

  it("does not take a file that cannot be executed, a folder, or a name in no folder of PATH", () => {
    expect(onPath("plain", dir)).toBe(false);
    expect(onPath("folder", dir)).toBe(false);
    expect(onPath("tool", "/nonexistent:/usr/share")).toBe(false);
  });
});
