import { describe, expect, it } from "vitest";
import { terminalIo, type CliIo } from "./io.js";

function recording(): CliIo & { written: string[] } {
  const written: string[] = [];
  return { written, out: (s) => void written.push(`out:${s}`), err: (s) => void written.push(`err:${s}`), isTty: true };
}

describe("terminalIo", () => {
  it("escapes control characters on stdout and stderr, keeping the tool's newlines and tabs", () => {
    const raw = recording();
    const io = terminalIo(raw);
    io.out("lock\t\u001b[2Jr1\n");
    io.err("fencecheck: \u001b]0;title\u0007\n");
    expect(raw.written).toEqual(["out:lock\t\\u001b[2Jr1\n", "err:fencecheck: \\u001b]0;title\\u0007\n"]);
  });

  it("draws the tool's own sequences as they are, and says whether stdout is a terminal", () => {
    const raw = recording();
    const io = terminalIo(raw);
    io.draw?.("\r\u001b[2K12 s");
    expect(raw.written).toEqual(["out:\r\u001b[2K12 s"]);
    expect(io.isTty).toBe(true);
  });
});
