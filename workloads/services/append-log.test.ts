import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openAppendLog } from "./append-log.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function file(): string {
  const dir = mkdtempSync(join(tmpdir(), "append-log-"));
  dirs.push(dir);
  return join(dir, "log.jsonl");
}

describe("append log", () => {
  it("creates the file and has each line on disk as soon as append returns", () => {
    const path = file();
    const log = openAppendLog(path);
    log.append('{"a":1}');
    expect(readFileSync(path, "utf8")).toBe('{"a":1}\n');
    log.append('{"a":2}');
    expect(readFileSync(path, "utf8")).toBe('{"a":1}\n{"a":2}\n');
    log.close();
  });

  it("appends after what the file held, and after lines another writer added meanwhile", () => {
    const path = file();
    writeFileSync(path, "old\n");
    const one = openAppendLog(path);
    const two = openAppendLog(path);
    one.append("x");
    two.append("y");
    one.append("z");
    expect(readFileSync(path, "utf8")).toBe("old\nx\ny\nz\n");
    one.close();
    two.close();
  });
});
