import { describe, expect, it } from "vitest";
import { checkRunId, checkRunName, runIdFor, RUN_ID_FORM } from "./run-id.js";

describe("runIdFor", () => {
  it("makes ids of the exact form checkRunId accepts", () => {
    for (const [ms, pid] of [[0, 0], [1_764_590_000_000, 4_194_303], [Number.MAX_SAFE_INTEGER, 1]] as const) {
      expect(runIdFor(ms, pid)).toMatch(RUN_ID_FORM);
      expect(checkRunId(runIdFor(ms, pid))).toBe(runIdFor(ms, pid));
    }
  });
});

describe("checkRunId", () => {
  it.each(["", "..", "../../../usr", "a/b", "abc", "abcdefghi", "ABCDEFGH", "abcd*fgh", "abc'defg", "abcd efg", "abcdefg\n"])(
    "refuses %j with config.invalid (exit 254), quoting it", (text) => {
      expect(() => checkRunId(text)).toThrow(expect.objectContaining({ code: "config.invalid", message: expect.stringContaining(JSON.stringify(text)) }));
    });
});

describe("checkRunName", () => {
  it.each(["etcd-fenced-pause-holder", "my run", "adapter-unfenced-pause-holder+kill-lock", "_x", "a..b", "x".repeat(200)])("takes %j, one folder name", (name) => {
    expect(checkRunName(name)).toBe(name);
  });

  it.each(["", ".", "..", "../../x", "a/b", "a\\b", "-rf", ".hidden", "x'$(touch y)'", "a\u001b[2Jb", "a\nb", "x".repeat(201)])(
    "refuses %j with config.invalid (exit 254), quoting it", (name) => {
      expect(() => checkRunName(name)).toThrow(expect.objectContaining({ code: "config.invalid", message: expect.stringContaining(JSON.stringify(name)) }));
    });
});
