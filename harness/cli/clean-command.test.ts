import { describe, expect, it, vi } from "vitest";
import { labelWord } from "./clean-command.js";
import { runCliInProcess } from "./testing/in-process-cli.js";

// The first call loads the CLI's modules: slow on a loaded machine, and nothing here is timed.
vi.setConfig({ testTimeout: 60_000 });

const cli = (...argv: string[]) => runCliInProcess(argv);

describe("fencecheck clean --run-id", () => {
  // 192.0.2.1 (TEST-NET-1) never answers: a connection attempt would show as an unreachable host, not as the id's line.
  it.each(["../../../usr", "", "..", "a/b", "abcdefg'"])("refuses %j over ssh with exit 254 and one line, before any connection", async (id) => {
    const { code, out, err } = await cli("clean", "--runtime", "ssh", "--nodes", "192.0.2.1", "--run-id", id);
    expect(code).toBe(254);
    expect(out).toBe("");
    expect(err).toBe(`fencecheck: Cannot use run id ${JSON.stringify(id)}: a run id is 8 lowercase letters or digits, as "starting ... (run <id>)" printed it\n`);
  });

  // Harmless ids even if they reached the cleanup: no namespace, cgroup or folder has these names.
  it.each(["../fc-no-such-run", "fc/no-such-run"])("refuses %j on this machine (local and docker) with exit 254 and one line", async (id) => {
    const { code, out, err } = await cli("clean", "--run-id", id);
    expect(code).toBe(254);
    expect(out).toBe("");
    expect(err.trim().split("\n")).toEqual([expect.stringContaining(`Cannot use run id ${JSON.stringify(id)}`)]);
  });
});

describe("fencecheck clean --all", () => {
  it("refuses --run-id beside it with exit 254 and one line, before anything is reached", async () => {
    const { code, out, err } = await cli("clean", "--all", "--run-id", "abcd1234");
    expect(code).toBe(254);
    expect(out).toBe("");
    expect(err).toBe("fencecheck: Cannot clean with both --run-id and --all: --run-id cleans one run, --all every run\n");
  });

  it("says in its help what it touches without it", async () => {
    const { out } = await cli("clean", "--help");
    expect(out).toContain("Without --run-id or --all, clean touches only the runs of this control machine");
    expect(out).toContain("runs started before controller ids existed, are left alone and named");
  });
});

describe("a Docker label in clean's lines", () => {
  it("is quoted with its control characters escaped", () => {
    expect(labelWord("../x\u001b[2J\u009b")).toBe('"../x\\u001b[2J\\u009b"');
  });
});
