import { describe, expect, it } from "vitest";
import { boundedOutput, outputCutLine } from "./bounded-output.js";

describe("boundedOutput", () => {
  it("keeps everything up to its bound, as UTF-8 text", () => {
    const out = boundedOutput(10);
    expect(out.push(Buffer.from("été"))).toBe(true);
    expect(out.push("ok")).toBe(true);
    expect([out.text(), out.over]).toEqual(["étéok", false]);
  });

  it("keeps the first bytes past its bound and nothing after them", () => {
    const out = boundedOutput(4);
    expect(out.push("abc")).toBe(true);
    expect(out.push("defg")).toBe(false);
    expect(out.push("more")).toBe(false);
    expect([out.text(), out.over]).toEqual(["abcd", true]);
  });

  it("says in one line which stream was cut where", () => {
    expect(outputCutLine("stderr", 16)).toBe("fencecheck: stopped reading the command's stderr past 16 bytes");
  });
});
