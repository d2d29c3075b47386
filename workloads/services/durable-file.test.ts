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

  it("runs one save at a time, and one for all the callers that came while it ran", async () => {
    const started: number[] = [];
    let finish: () => void = () => undefined;
    let state = 0;
    const persist = groupCommit(() => {
      started.push(state);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    state = 1;
    const first = persist();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1]);
    // The first save is on the disk: these three queue, and none starts a save of its own.
    const queued = [2, 3, 4].map((s) => ((state = s), persist()));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1]);
    finish();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 4]);
    finish();
    await Promise.all(queued);
    expect(started).toEqual([1, 4]);
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

  it("holds a read back until a sync that is still running has made what it saw durable", async () => {
    let finish: () => void = () => undefined;
    const journal = journalSync(-1, "always", () => new Promise<void>((resolve) => (finish = resolve)));
    const write = journal.written();
    await new Promise((resolve) => setImmediate(resolve));
    let read = false;
    const reading = journal.settled().then(() => (read = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(read).toBe(false);
    finish();
    await write;
    await new Promise((resolve) => setImmediate(resolve));
    finish();
    await reading;
    expect(read).toBe(true);
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
