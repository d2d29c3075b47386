import { describe, expect, it } from "vitest";
import { createStorageState, storageRecord } from "./storage-state.js";

const w = (token: string | null, value = `v${token}`) => ({ key: "k", value, token, client: "c" });

describe("fenced storage", () => {
  it("accepts increasing tokens and reports the highest accepted before each write", () => {
    const state = createStorageState("fenced");
    expect(state.write(w("1"))).toEqual({ accepted: true, highest: null });
    expect(state.write(w("3"))).toEqual({ accepted: true, highest: "1" });
    expect(state.read("k")).toEqual({ value: "v3", token: "3" });
  });

  it("accepts a write with a token equal to the highest", () => {
    const state = createStorageState("fenced");
    state.write(w("5", "a"));
    expect(state.write(w("5", "b"))).toEqual({ accepted: true, highest: "5" });
    expect(state.read("k").value).toBe("b");
  });

  it("rejects a stale token and keeps the newer value", () => {
    const state = createStorageState("fenced");
    state.write(w("34"));
    expect(state.write(w("33"))).toEqual({ accepted: false, reason: "stale-token", highest: "34" });
    expect(state.read("k")).toEqual({ value: "v34", token: "34" });
  });

  it("compares tokens as numbers, not strings", () => {
    const state = createStorageState("fenced");
    state.write(w("10"));
    expect(state.write(w("9")).accepted).toBe(false);
    expect(state.write(w("100")).accepted).toBe(true);
  });

  it("rejects a write without a token", () => {
    const state = createStorageState("fenced");
    expect(state.write(w(null))).toEqual({ accepted: false, reason: "missing-token", highest: null });
  });

  it("fences each key on its own", () => {
    const state = createStorageState("fenced");
    state.write({ key: "a", value: "x", token: "9", client: "c" });
    expect(state.write({ key: "b", value: "y", token: "1", client: "c" }).accepted).toBe(true);
  });
});

describe("unfenced storage", () => {
  it("accepts a stale token but still tracks the highest", () => {
    const state = createStorageState("unfenced");
    state.write(w("34"));
    expect(state.write(w("33"))).toEqual({ accepted: true, highest: "34" });
    expect(state.read("k")).toEqual({ value: "v33", token: "33" });
    expect(state.highest("k")).toBe("34");
  });

  it("accepts a write without a token", () => {
    expect(createStorageState("unfenced").write(w(null)).accepted).toBe(true);
  });
});

describe("storage records", () => {
  it("carry the reason only for rejections, and say the node decides one write at a time", () => {
    const context = { node: "s1", mode: "fenced" as const, time: 7 };
    const rejected = storageRecord(w("1"), { accepted: false, reason: "stale-token", highest: "2" }, context);
    expect(rejected).toEqual({
      time: 7, node: "s1", key: "k", value: "v1", token: "1", client: "c",
      accepted: false, highest: "2", reason: "stale-token", mode: "fenced", serial: true,
    });
    expect(storageRecord(w("3"), { accepted: true, highest: "2" }, context)).not.toHaveProperty("reason");
  });

  it("reads null and null for a key never written", () => {
    expect(createStorageState("fenced").read("nope")).toEqual({ value: null, token: null });
  });
});
