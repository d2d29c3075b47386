import { describe, expect, it } from "vitest";
import { groupCommit } from "./durable-file.js";

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
