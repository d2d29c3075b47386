import { describe, expect, it } from "vitest";
import { runCliInProcess } from "./testing/in-process-cli.js";
import { rootAsShown } from "./validate-command.js";

const cli = (...argv: string[]) => runCliInProcess(argv);

describe("fencecheck validate", () => {
  it("lists the CI subset's cells with their verdict, reason and command, and runs nothing", async () => {
    const { code, out } = await cli("validate", "--list", "--cells", "ci");
    expect(code).toBe(0);
    expect(out).toMatch(/^postgres\/kill-storage \[ci\]: valid: .+\n {2}fencecheck run --lock postgres --storage fenced --nemesis kill-storage$/m);
    expect(out).toMatch(/^reference-wallclock\/clock-jump\(lock\) \[ci\]: invalid: /m);
    expect(out).toMatch(/^early-lock\/none \[ci\] \[docker ci\]: invalid: /m);
  }, 60_000);

  it("exits 254 with one line for a cell the table does not have, a bad seed count and a runtime it cannot use", async () => {
    for (const argv of [["--cells", "etcd/meteor"], ["--seeds", "0"], ["--runtime", "ssh"]]) {
      const { code, err } = await cli("validate", ...argv, "--list");
      expect(code, argv.join(" ")).toBe(254);
      expect(err.trim().split("\n"), argv.join(" ")).toHaveLength(1);
    }
  }, 60_000);

  it("writes the package root on its page relative to where validate ran when inside it, else whole", () => {
    expect(rootAsShown("/src/fencecheck", "/src/fencecheck")).toBe(".");
    expect(rootAsShown("/src/fencecheck", "/src")).toBe("fencecheck");
    expect(rootAsShown("/usr/lib/node_modules/fencecheck", "/home/me/lock")).toBe("/usr/lib/node_modules/fencecheck");
  });
});
