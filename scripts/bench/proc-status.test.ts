import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { countOks, newestHistory, processesWorkingUnder } from "./proc-status.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function store(): string {
  const dir = mkdtempSync(join(tmpdir(), "proc-status-"));
  dirs.push(dir);
  return dir;
}

function history(root: string, name: string, run: string, text: string, mtimeS: number): string {
  mkdirSync(join(root, name, run), { recursive: true });
  const path = join(root, name, run, "history.jsonl");
  writeFileSync(path, text);
  utimesSync(path, mtimeS, mtimeS);
  return path;
}

describe("a run's history while it runs", () => {
  it("is the history file written last in the store", () => {
    const root = store();
    history(root, "a", "1", "", 1_000);
    const newer = history(root, "b", "2", "", 2_000);
    expect(newestHistory(root)).toBe(newer);
    expect(newestHistory(store())).toBeUndefined();
  });

  it("counts client ok completions only, not invocations, the nemesis's or a torn last line", () => {
    const root = store();
    const lines = [
      '{"index":0,"process":0,"type":"invoke","f":"read"}',
      '{"index":1,"process":0,"type":"ok","f":"read"}',
      '{"index":2,"process":"nemesis","type":"ok","f":"start"}',
      '{"index":3,"process":1,"type":"fail","f":"write"}',
      '{"index":4,"process":1,"type":"ok","f":"wri',
    ];
    expect(countOks(history(root, "a", "1", lines.join("\n"), 1_000))).toBe(1);
    expect(countOks(undefined)).toBe(0);
  });
});

describe("processesWorkingUnder", () => {
  it("finds the processes of one name working under the folder, and no other", () => {
    const proc = store();
    const fake = (pid: number, comm: string, cwd: string): void => {
      mkdirSync(join(proc, String(pid)));
      writeFileSync(join(proc, String(pid), "comm"), `${comm}\n`);
      symlinkSync(cwd, join(proc, String(pid), "cwd"));
    };
    fake(10, "redis-server", "/tmp/run-a/l1/data");
    fake(11, "redis-server", "/tmp/run-ab/l1/data");
    fake(12, "node", "/tmp/run-a");
    mkdirSync(join(proc, "self"));
    expect(processesWorkingUnder("/tmp/run-a", "redis-server", proc)).toEqual([10]);
  });
});
