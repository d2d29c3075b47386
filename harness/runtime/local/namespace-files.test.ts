import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { namespaceNames, pidsInNamespaces } from "./namespace-files.js";

const root = mkdtempSync(join(tmpdir(), "fc-netns-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder of namespaces and a /proc whose processes' ns/net point at them (as the kernel's magic links do). */
function machine(namespaces: readonly string[], processes: Readonly<Record<string, string>>): { netns: string; proc: string } {
  const base = mkdtempSync(join(root, "m-"));
  const netns = join(base, "netns");
  const proc = join(base, "proc");
  mkdirSync(netns);
  for (const name of namespaces) writeFileSync(join(netns, name), name);
  for (const [pid, ns] of Object.entries(processes)) {
    mkdirSync(join(proc, pid, "ns"), { recursive: true });
    symlinkSync(join(netns, ns), join(proc, pid, "ns", "net"));
  }
  mkdirSync(join(proc, "self"), { recursive: true });
  return { netns, proc };
}

describe("namespace files", () => {
  it("lists the namespaces by name, and none when the folder does not exist yet", () => {
    const { netns } = machine(["fc-b-l1", "fc-a-hub", "other"], {});
    expect(namespaceNames(netns)).toEqual(["fc-a-hub", "fc-b-l1", "other"]);
    expect(namespaceNames(join(root, "never-made"))).toEqual([]);
  });

  it("finds the processes whose network namespace is one of those asked for, in one pass, and none for a namespace already gone", () => {
    const { netns, proc } = machine(["fc-r-l1", "fc-r-c1", "fc-other-l1"], { "10": "fc-r-l1", "11": "fc-other-l1", "12": "fc-r-c1", "13": "fc-r-l1" });
    expect(pidsInNamespaces(["fc-r-l1", "fc-r-c1"], netns, proc).sort()).toEqual([10, 12, 13]);
    expect(pidsInNamespaces(["fc-r-gone"], netns, proc)).toEqual([]);
    expect(pidsInNamespaces([], netns, proc)).toEqual([]);
  });
});
