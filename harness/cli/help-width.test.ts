import { afterEach, describe, expect, it, vi } from "vitest";
import { runCliInProcess } from "./testing/in-process-cli.js";

vi.setConfig({ testTimeout: 60_000 });

const stdout = process.stdout as { isTTY?: boolean; columns?: number };
const saved = { isTTY: stdout.isTTY, columns: stdout.columns };
afterEach(() => {
  stdout.isTTY = saved.isTTY;
  stdout.columns = saved.columns;
});

describe("help written through a CLI io that is not a terminal", () => {
  it("wraps at 80 columns even when the process's own output is a wide terminal (the reference page is the same wherever it is made)", async () => {
    stdout.isTTY = true;
    stdout.columns = 200;
    const { code, out } = await runCliInProcess(["run", "--help"]);
    expect(code).toBe(0);
    const optionLines = out.split("\n").filter((l) => l.startsWith("  --"));
    expect(Math.max(...optionLines.map((l) => l.length))).toBeLessThanOrEqual(80);
  });
});
