import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { HarnessError } from "../../../core/index.js";
import { endLog, firstFailureTo, logStream, openLogFd, writeNoFollow } from "./node-log.js";

const dir = mkdtempSync(join(tmpdir(), "fc-node-log-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Resolves with the failures a log stream reported once it has finished or failed. */
function failuresOf(write: (onFailure: (error: HarnessError) => void) => NodeJS.WritableStream): Promise<HarnessError[]> {
  const failures: HarnessError[] = [];
  const stream = write((error) => failures.push(error));
  return new Promise((resolve) => {
    stream.on("close", () => setImmediate(() => resolve(failures)));
  });
}

describe("a node swapping its log or a clock file for a symbolic link", () => {
  it("does not get the harness to append through it to a file of the host", () => {
    const hostFile = join(dir, "host-secret");
    writeFileSync(hostFile, "root's own\n");
    const log = join(dir, "swapped", "service.log");
    openLogFd(join(dir, "swapped", "other.log"), "--- folder made");
    symlinkSync(hostFile, log);
    expect(() => openLogFd(log, "--- restarting")).toThrow(expect.objectContaining({ code: "store.write-failed", message: expect.stringContaining(`Cannot write "${log}"`) }));
    expect(readFileSync(hostFile, "utf8")).toBe("root's own\n");
  });

  it("does not get the harness to rewrite the file it points at", () => {
    const hostFile = join(dir, "host-config");
    writeFileSync(hostFile, "kept\n");
    symlinkSync(hostFile, join(dir, "l1.1.tmp"));
    expect(() => writeNoFollow(join(dir, "l1.1.tmp"), "+5s\n")).toThrow(/ELOOP/);
    expect(readFileSync(hostFile, "utf8")).toBe("kept\n");
    writeNoFollow(join(dir, "l1.2.tmp"), "+5s\n", 0o666);
    expect(statSync(join(dir, "l1.2.tmp")).mode & 0o777).toBe(0o666);
  });
});

describe("openLogFd", () => {
  it("makes the folder and writes the header as the first line", () => {
    const file = join(dir, "a", "b", "node.log");
    const log = logStream(openLogFd(file, "--- starting"), file, () => undefined);
    log.end("more\n");
    return new Promise<void>((resolve) => log.on("close", () => {
      expect(readFileSync(file, "utf8")).toBe("--- starting\nmore\n");
      resolve();
    }));
  });

  it("names the file when the header cannot be written (a full disk)", () => {
    expect(() => openLogFd("/dev/full", "--- starting")).toThrow(expect.objectContaining({
      code: "store.write-failed",
      message: expect.stringMatching(/^Cannot write "\/dev\/full": ENOSPC: no space left on device/),
    }));
  });
});

describe("logStream", () => {
  it("turns a write that fails (a full disk) into one failure naming the file, instead of an uncaught error", async () => {
    const failures = await failuresOf((onFailure) => {
      const log = logStream(openSync("/dev/full", "a"), "/store/run/nodes/n1/etcd.log", onFailure);
      log.write("one line\n");
      log.write("another\n");
      return log;
    });
    expect(failures.map((f) => [f.code, f.message])).toEqual([
      ["store.write-failed", `Cannot write "/store/run/nodes/n1/etcd.log": ENOSPC: no space left on device, write`],
    ]);
  });

  it("turns a write to a closed log into a failure naming the file", async () => {
    const file = join(dir, "closed.log");
    const failures = await failuresOf((onFailure) => {
      const log = logStream(openLogFd(file, "--- starting"), file, onFailure);
      log.end();
      log.write("late\n");
      return log;
    });
    expect(failures.map((f) => f.message)).toEqual([`Cannot write "${file}": write after end`]);
  });
});

describe("firstFailureTo", () => {
  it("passes on the first failure only, and none when nobody listens", () => {
    const told: string[] = [];
    const report = firstFailureTo((error) => told.push(error.message));
    const error = (message: string) => ({ message }) as HarnessError;
    report(error("a"));
    report(error("b"));
    expect(told).toEqual(["a"]);
    expect(() => firstFailureTo(undefined)(error("c"))).not.toThrow();
  });
});

describe("endLog", () => {
  it("settles once every line written before it is in the file", async () => {
    const file = join(dir, "end", "node.log");
    const log = logStream(openLogFd(file, "--- starting"), file, () => undefined);
    for (let i = 0; i < 1000; i++) log.write(`line ${i}\n`);
    await endLog(log);
    expect(readFileSync(file, "utf8").trimEnd().split("\n").at(-1)).toBe("line 999");
  });

  it("settles when the log failed too", async () => {
    const file = join(dir, "end-failed.log");
    closeSync(openLogFd(file, "--- starting"));
    const failures: HarnessError[] = [];
    // A descriptor opened for reading: the write fails.
    const log = logStream(openSync(file, "r"), file, (e) => failures.push(e));
    log.write("cannot land\n");
    await endLog(log);
    expect(failures).toHaveLength(1);
  });
});
