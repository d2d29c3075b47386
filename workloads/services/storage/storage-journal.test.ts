import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadJournal, openStorageJournal } from "./storage-journal.js";
import { createStorageState } from "./storage-state.js";

const w = (token: string) => ({ key: "k", value: `v${token}`, token, client: "c" });

describe("storage journal", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it.each(["always", "never"] as const)("restores the state after a restart, so stale tokens stay rejected (--fsync %s)", async (fsync) => {
    const dir = mkdtempSync(join(tmpdir(), "storage-journal-"));
    dirs.push(dir);
    const first = createStorageState("fenced");
    const journal = openStorageJournal(dir, fsync);
    for (const token of ["1", "4"]) {
      if (first.write(w(token)).accepted) await journal.append({ key: "k", value: `v${token}`, token });
    }
    const second = createStorageState("fenced");
    for (const write of loadJournal(dir)) second.apply(write);
    expect(second.read("k")).toEqual({ value: "v4", token: "4" });
    expect(second.write(w("3")).accepted).toBe(false);
  });

  it("writes a line before its fdatasync resolves, so a killed process loses no accepted write", () => {
    const dir = mkdtempSync(join(tmpdir(), "storage-journal-"));
    dirs.push(dir);
    void openStorageJournal(dir, "always").append({ key: "k", value: "a", token: "1" });
    expect(loadJournal(dir)).toEqual([{ key: "k", value: "a", token: "1" }]);
  });

  it("skips a torn last line and appends after it on a fresh line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "storage-journal-"));
    dirs.push(dir);
    writeFileSync(join(dir, "journal.jsonl"), `${JSON.stringify({ key: "k", value: "a", token: "1" })}\n{"key":"k","val`);
    expect(loadJournal(dir)).toEqual([{ key: "k", value: "a", token: "1" }]);
    await openStorageJournal(dir, "always").append({ key: "k", value: "b", token: "2" });
    expect(loadJournal(dir).map((x) => x.value)).toEqual(["a", "b"]);
  });
});
