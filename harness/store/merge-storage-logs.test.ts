import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeStorageLogs, mergeUnmergedStorageLogs, nodeStorageLogs } from "./merge-storage-logs.js";

let run: string;
beforeEach(() => {
  run = mkdtempSync(join(tmpdir(), "fc-merge-storage-"));
});
afterEach(() => rmSync(run, { recursive: true, force: true }));

const record = (node: string, time: number, token: number): string => JSON.stringify({ time, node, key: "r1", token: String(token) });

function nodeLog(node: string, text: string): void {
  mkdirSync(join(run, "nodes", node), { recursive: true });
  writeFileSync(join(run, "nodes", node, "storage.jsonl"), text);
}

function merged(): string[] {
  const target = join(run, "storage.jsonl");
  writeFileSync(target, "");
  mergeStorageLogs(nodeStorageLogs(run, ["s1", "s2"], "storage.jsonl"), target);
  return readFileSync(target, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { node: string; token: string }).map((r) => `${r.node}:${r.token}`);
}

describe("mergeStorageLogs", () => {
  it("interleaves the storage nodes' own logs by time", () => {
    nodeLog("s1", `${record("s1", 10, 1)}\n${record("s1", 30, 3)}\n`);
    nodeLog("s2", `${record("s2", 20, 2)}\n${record("s2", 40, 4)}\n`);
    expect(merged()).toEqual(["s1:1", "s2:2", "s1:3", "s2:4"]);
  });

  it("never reorders one node's records, even when their times go backwards (its order is its decisions' order)", () => {
    nodeLog("s1", `${record("s1", 50, 1)}\n${record("s1", 10, 2)}\n${record("s1", 60, 3)}\n`);
    nodeLog("s2", `${record("s2", 20, 7)}\n${record("s2", 55, 8)}\n`);
    const lines = merged();
    expect(lines.filter((l) => l.startsWith("s1"))).toEqual(["s1:1", "s1:2", "s1:3"]);
    expect(lines.filter((l) => l.startsWith("s2"))).toEqual(["s2:7", "s2:8"]);
    expect(lines).toHaveLength(5);
  });

  it("leaves out a node's cut-short last line and a node that wrote nothing, and carries incomplete markers", () => {
    nodeLog("s1", `${record("s1", 10, 1)}\n{"time":20,"no`);
    writeFileSync(join(run, "nodes", "s1", "storage.jsonl.incomplete"), 'host "h": "x": only 10 of its 50 bytes arrived\n');
    expect(merged()).toEqual(["s1:1"]);
    expect(readFileSync(join(run, "storage.jsonl.incomplete"), "utf8")).toBe('host "h": "x": only 10 of its 50 bytes arrived\n');
  });

  it("never reads a host file through a link a node put in its log's place", () => {
    writeFileSync(join(run, "host-secret"), `${record("s9", 1, 1)}\n`);
    mkdirSync(join(run, "nodes", "s1"), { recursive: true });
    symlinkSync(join(run, "host-secret"), join(run, "nodes", "s1", "storage.jsonl"));
    expect(() => merged()).toThrow(/ELOOP/);
    expect(readFileSync(join(run, "storage.jsonl"), "utf8")).toBe("");
  });

  it("reads logs larger than its chunk, multi-byte values split across chunks included", () => {
    const big = Array.from({ length: 30_000 }, (_, i) => JSON.stringify({ time: i * 2, node: "s1", key: "é".repeat(20), token: String(i) })).join("\n") + "\n";
    nodeLog("s1", big);
    nodeLog("s2", `${record("s2", 1, 99)}\n`);
    const lines = merged();
    expect(lines).toHaveLength(30_001);
    expect(lines.slice(0, 3)).toEqual(["s1:0", "s2:99", "s1:1"]);
    expect(readFileSync(join(run, "storage.jsonl"), "utf8")).toContain("é".repeat(20));
  });
});

describe("mergeUnmergedStorageLogs", () => {
  it("merges the nodes' logs into a run whose own storage log is missing or empty, and leaves a merged one alone", () => {
    nodeLog("s1", `${record("s1", 10, 1)}\n`);
    nodeLog("s2", `${record("s2", 20, 2)}\n`);
    mkdirSync(join(run, "nodes", "l1"), { recursive: true });
    expect(mergeUnmergedStorageLogs(run, "storage.jsonl")).toBe(2);
    const text = readFileSync(join(run, "storage.jsonl"), "utf8");
    expect(text.split("\n").filter(Boolean)).toHaveLength(2);
    expect(mergeUnmergedStorageLogs(run, "storage.jsonl")).toBe(0);
    expect(readFileSync(join(run, "storage.jsonl"), "utf8")).toBe(text);
    writeFileSync(join(run, "storage.jsonl"), "");
    expect(mergeUnmergedStorageLogs(run, "storage.jsonl")).toBe(2);
  });

  it("does nothing for a run with no node folders", () => {
    expect(mergeUnmergedStorageLogs(run, "storage.jsonl")).toBe(0);
  });
});
