import { execFileSync, spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DESCENDANTS_SCRIPT } from "./remote-injector.js";

describe("the descendants script a host runs", () => {
  it("lists a process's children and theirs from the host's procfs, one per line, under sh", async () => {
    // A shell whose child shell forks a sleep of its own: three generations.
    const parent = spawn("sh", ["-c", "sh -c 'sleep 30 & wait' & wait"], { detached: true });
    try {
      // Until both generations have forked (polled: a loaded machine may take a while), at most 10 s.
      const list = (): string => execFileSync("sh", ["-c", `${DESCENDANTS_SCRIPT} ${parent.pid}`], { encoding: "utf8" });
      for (let waited = 0; list().trim().split("\n").length < 2 && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      const out = list();
      const pids = out.trim().split("\n").map(Number);
      expect(pids).toHaveLength(2);
      const comms = pids.map((pid) => execFileSync("cat", [`/proc/${pid}/comm`], { encoding: "utf8" }).trim());
      expect(comms).toEqual(["sh", "sleep"]);
    } finally {
      // The whole process group: the shells and the sleep.
      process.kill(-(parent.pid as number), "SIGKILL");
    }
  });

  it("lists nothing for a process that is gone", () => {
    expect(execFileSync("sh", ["-c", `${DESCENDANTS_SCRIPT} 999999999`], { encoding: "utf8" })).toBe("");
  });
});
