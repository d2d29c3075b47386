import { describe, expect, it } from "vitest";
import { groupCommit, journalSync, parseFsync } from "./durable-file.js";

describe("groupCommit", () => {
  it("joins the saves asked for in one turn of the event loop into one, run after every change", async () => {
    const state = { value: 0 };
    const saved: number[] = [];
    const persist = groupCommit(() => void saved.push(state.value));
    state.value = 1;
    const first = persist();
    state.value = 2;
    const second = persist();
    await Promise.all([first, second]);
    expect(saved).toEqual([2]);
  });

  it("starts a new save for a caller that comes after one began", async () => {
    const saved: string[] = [];
    const persist = groupCommit(() => void saved.push("save"));
    await persist();
    await persist();
    expect(saved).toEqual(["save", "save"]);
  });

  it("rejects every caller of a save that failed", async () => {
    const persist = groupCommit(() => {
      throw new Error("disk full");
    });
    await expect(Promise.all([persist(), persist()])).rejects.toThrow("disk full");
  });
});

describe("journalSync", () => {
  it("syncs once for every write made before the loop turns, and a read waits for that sync", async () => {
    let syncs = 0;
    const journal = journalSync(-1, "always", () => void syncs++);
    const writes = [journal.written(), journal.written(), journal.written()];
    const read = journal.settled();
    await Promise.all([...writes, read]);
    expect(syncs).toBe(1);
  });

  it("lets a read through at once when nothing is waiting for the disk", async () => {
    let syncs = 0;
    const journal = journalSync(-1, "always", () => void syncs++);
    await journal.written();
    await journal.settled();
    expect(syncs).toBe(1);
  });

  it("never syncs with --fsync never", async () => {
    let syncs = 0;
    const journal = journalSync(-1, "never", () => void syncs++);
    await Promise.all([journal.written(), journal.settled()]);
    expect(syncs).toBe(0);
  });
});

describe("parseFsync", () => {
  it("is always by default, and names the flag for anything but always or never", () => {
    expect(parseFsync(undefined, "storage service")).toBe("always");
    expect(parseFsync("never", "storage service")).toBe("never");
    expect(() => parseFsync("sometimes", "storage service")).toThrow('Cannot start the storage service: --fsync "sometimes" is not always or never');
  });
});
