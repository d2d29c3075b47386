import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ExecResult, NodeId } from "../../../core/index.js";
import { checkLaunchFiles, writeFilesArgv, writeLaunchFiles } from "./launch-files.js";

const l1 = "l1" as NodeId;
const result = (exitCode: number, stderr = ""): ExecResult => ({ command: "", exitCode, signal: undefined, stdout: "", stderr, durationMs: 1 });

describe("a launch's files", () => {
  it("are written by the command sent to the node, folders made, text exactly as given", () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-launch-files-"));
    const files = [{ path: join(dir, "data", "myid"), text: "2\n" }, { path: join(dir, "data", "conf", "zoo.cfg"), text: "a=$HOME 'q' \"x\"\n%s\n" }];
    const [program, ...args] = writeFilesArgv(files);
    execFileSync(program as string, args);
    expect(readFileSync(join(dir, "data", "myid"), "utf8")).toBe("2\n");
    expect(readFileSync(join(dir, "data", "conf", "zoo.cfg"), "utf8")).toBe("a=$HOME 'q' \"x\"\n%s\n");
  });

  it("go through the cluster's exec on the node, and nothing is written on this machine", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-launch-files-"));
    const sent: (readonly string[])[] = [];
    await writeLaunchFiles({ exec: async (node, argv) => (sent.push([node, ...argv]), result(0)) }, l1, [{ path: join(dir, "myid"), text: "1\n" }]);
    expect(sent).toEqual([["l1", ...writeFilesArgv([{ path: join(dir, "myid"), text: "1\n" }])]]);
    expect(existsSync(join(dir, "myid"))).toBe(false);
  });

  it("that cannot be written on the host fail the node's start naming the node and the file", async () => {
    const exec = async (): Promise<ExecResult> => result(1, "sh: 1: cannot create /x/myid: Read-only file system\n");
    await expect(writeLaunchFiles({ exec }, l1, [{ path: "/x/myid", text: "1" }])).rejects.toMatchObject({
      code: "runtime.node-start-failed",
      message: 'Cannot start node "l1": writing "/x/myid" on its host failed: sh: 1: cannot create /x/myid: Read-only file system',
    });
  });

  it("need no command when there are none", async () => {
    await writeLaunchFiles({ exec: async () => expect.unreachable() }, l1, []);
  });

  it("must lie inside the node's data dir", () => {
    expect(() => checkLaunchFiles("zk", "/s/l1/data", [{ path: "/s/l1/data/zoo.cfg", text: "" }])).not.toThrow();
    for (const path of ["/s/l1/data", "/s/l1/other", "/s/l1/data/../../etc/passwd", "relative/zoo.cfg", "/etc/zoo.cfg"]) {
      expect(() => checkLaunchFiles("zk", "/s/l1/data", [{ path, text: "" }]), path).toThrow(`Cannot start lock service "zk": its launch file "${path}" is not inside the node's data dir "/s/l1/data"`);
    }
  });
});
