import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createProcessCpu, descendants, parseProcStat, processKind } from "./process-cpu.js";

describe("process CPU by kind", () => {
  it("reads pid, parent and user + system ticks past a command holding spaces and parentheses", () => {
    const line = "4242 (node (x) y) S 17 4242 4242 0 -1 4194560 100 0 0 0 31 9 0 0 20 0 11 0 100 0 0";
    expect(parseProcStat(4242, line)).toEqual({ pid: 4242, ppid: 17, ticks: 40 });
  });

  it("names agents, the reference lock and storage by their program", () => {
    expect(processKind("/usr/bin/node\0/x/dist/workloads/agent/agent.js\0")).toBe("agents");
    expect(processKind("/usr/bin/node\0/x/dist/workloads/services/reference-lock/server.js\0--port\0")).toBe("lock service");
    expect(processKind("/usr/bin/node\0/x/dist/workloads/services/storage/server.js\0")).toBe("storage service");
    expect(processKind("ip\0netns\0exec\0fc-1\0")).toBe("other");
  });

  it("names them too when they run from the programs' bundle", () => {
    expect(processKind("/usr/bin/node\0--interrupt-budget=16384\0/x/dist/bundle/programs/agent.js\0")).toBe("agents");
    expect(processKind("/usr/bin/node\0/x/dist/bundle/programs/reference-lock.js\0--port\0")).toBe("lock service");
    expect(processKind("/usr/bin/node\0/x/dist/bundle/programs/storage.js\0")).toBe("storage service");
  });

  it("finds children and grandchildren, not strangers", () => {
    const stats = [{ pid: 1, ppid: 0, ticks: 0 }, { pid: 10, ppid: 1, ticks: 0 }, { pid: 11, ppid: 10, ticks: 0 }, { pid: 12, ppid: 11, ticks: 0 }, { pid: 20, ppid: 1, ticks: 0 }];
    expect([...descendants(10, stats)].sort()).toEqual([10, 11, 12]);
  });

  it("counts a real child's CPU under its kind", async () => {
    const child = spawn(process.execPath, ["-e", "const end = Date.now() + 300; while (Date.now() < end);"], { stdio: "ignore" });
    const cpu = createProcessCpu(process.pid, 100);
    const sampling = setInterval(() => cpu.sample(), 20);
    await new Promise((resolve) => child.on("exit", resolve));
    clearInterval(sampling);
    expect(cpu.totals().get("other") ?? 0).toBeGreaterThan(50);
    expect(cpu.totals().has("harness")).toBe(true);
  });
});
