import { describe, expect, it } from "vitest";
import { checkRunId, runIdFor, RUN_ID_FORM } from "./run-id.js";

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
