import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { NodeId } from "../../../core/index.js";
import { shellLine } from "./remote-command.js";
import { envName, startCommand, startRemoteProcess } from "./remote-process.js";
import { localHost } from "./testing/local-host.js";

describe("startCommand", () => {
  it("prints the shell's PID on stderr, then execs the program in its place with its environment", () => {
    expect(startCommand(["/opt/node", "-e", "console.log('hi there')"], { A: "1", B: "x y" }, "/var/tmp/run"))
      .toBe(`cd /var/tmp/run && echo "fencecheck-pid $$" >&2 && exec env A=1 'B=x y' /opt/node -e 'console.log('\\''hi there'\\'')'`);
  });
});

describe("envName", () => {
  it.each(["A B", "A;rm -rf /", "", "1A", "A=B", "A'"])("refuses %j before it reaches a shell", (name) => {
    expect(() => startCommand(["true"], { [name]: "1" }, "/")).toThrow(expect.objectContaining({ code: "config.invalid" }));
    expect(() => envName(name)).toThrow(/Cannot pass environment variable/);
  });
});

describe("shellLine", () => {
  it("leaves plain words alone and quotes the rest", () => {
    expect(shellLine(["a", "b c", "it's", "--x=1,2"])).toBe(`a 'b c' 'it'\\''s' --x=1,2`);
  });
});

describe("startRemoteProcess on a host whose stderr never gives the PID line", () => {
  it("gives up after a few KiB with one error, instead of reading on", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-remote-pid-"));
    const tag = `${process.pid % 1000}${Date.now() % 100_000}`;
    const flood = `head -c 1000000 /dev/zero | tr '\\0' x >&2; exec sleep 61${tag}`;
    try {
      const started = startRemoteProcess({
        node: "n1" as NodeId, host: localHost(() => flood), argv: ["true"], env: {}, cwd: "/",
        mapLine: (line) => line, signalGroup: () => undefined, onLogFailure: () => undefined,
      }, { argv: ["true"], logFile: join(dir, "n1.log") });
      await expect(started).rejects.toThrow(`Cannot start node "n1" on host "local": its first 4096 bytes on stderr held no PID line (see ${join(dir, "n1.log")})`);
    } finally {
      // The sleep left on the "host" (closing a channel does not end its command), found by its own tagged argument.
      const left = execFileSync("sh", ["-c", `grep -lzx '61${tag}' /proc/[0-9]*/cmdline 2>/dev/null | cut -d/ -f3; true`], { encoding: "utf8" }).split("\n").filter(Boolean);
      for (const pid of left) execFileSync("sh", ["-c", `kill -KILL ${pid} 2>/dev/null; true`]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
