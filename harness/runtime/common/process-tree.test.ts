import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { descendantPids, type ReadProc } from "./process-tree.js";

/** A fake procfs: each process's threads and, per thread, the children it forked. */
function procfs(tree: Record<number, Record<number, number[]>>): ReadProc {
  return (path) => {
    const [, , pid, , tid, file] = path.split("/");
    const threads = tree[Number(pid)];
    if (threads === undefined) return undefined;
    if (tid === undefined) return Object.keys(threads).join(" ");
    return file === "children" ? (threads[Number(tid)] ?? []).join(" ") + " " : undefined;
  };
}

describe("descendantPids", () => {
  it("lists the children every thread forked, and theirs, depth first", () => {
    const read = procfs({ 10: { 10: [11], 12: [13] }, 11: { 11: [14] }, 13: { 13: [] }, 14: { 14: [] } });
    expect(descendantPids(10, read)).toEqual([11, 14, 13]);
  });

  it("goes on past a child that exited while it was read, and a process that is gone has none", () => {
    expect(descendantPids(10, procfs({ 10: { 10: [11, 12] }, 12: { 12: [] } }))).toEqual([11, 12]);
    expect(descendantPids(99, procfs({}))).toEqual([]);
  });

  it("finds a real child of this process", async () => {
    const child = spawn("sleep", ["5"]);
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      expect(descendantPids(process.pid)).toContain(child.pid);
    } finally {
      child.kill();
    }
  });
});
