import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lastMeaningfulLine, nodeStartFailure } from "./start-failure.js";

const dir = mkdtempSync(join(tmpdir(), "fencecheck-start-failure-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("nodeStartFailure", () => {
  it("names the node, the reason, the log and its last line, on one line", () => {
    const log = join(dir, "service.log");
    writeFileSync(log, "--- fencecheck: starting /x\nline one\n/bin/sh: 1: /x: not found\n\n");
    const error = nodeStartFailure({ node: "l1", why: "process exited with code 127 before port 7001 was ready", logFile: log });
    expect(error.code).toBe("runtime.node-start-failed");
    expect(error.message).toBe(`Cannot start node "l1": process exited with code 127 before port 7001 was ready (log ${log}: "/bin/sh: 1: /x: not found")`);
    expect(error.message).not.toContain("\n");
  });

  it("names the host of a node that runs elsewhere", () => {
    expect(nodeStartFailure({ node: "l1", why: "why", logFile: join(dir, "absent.log"), host: "10.0.0.5" }).message)
      .toMatch(/^Cannot start node "l1" on host "10.0.0.5": why \(no log at /);
  });

  it("says when there is no log to read", () => {
    expect(nodeStartFailure({ node: "s1", why: "port 7002 not ready after 10 ms", logFile: join(dir, "absent.log") }).message)
      .toBe(`Cannot start node "s1": port 7002 not ready after 10 ms (no log at ${join(dir, "absent.log")})`);
  });

  it("names a log holding only the runtime's header without quoting it", () => {
    const log = join(dir, "header.log");
    writeFileSync(log, "--- fencecheck: starting /usr/bin/node server.js\n");
    expect(nodeStartFailure({ node: "s1", why: "why", logFile: log }).message).toBe(`Cannot start node "s1": why (log ${log})`);
  });
});

describe("lastMeaningfulLine", () => {
  it("skips blank lines and the runtime's headers", () => {
    expect(lastMeaningfulLine("a\n--- fencecheck: starting b\n  \n")).toBe("a");
  });
});
