import { describe, expect, it } from "vitest";
import { terminalText } from "./terminal-text.js";

describe("terminalText", () => {
  it("writes ESC, BEL, CR, DEL and C1 controls as visible escapes", () => {
    expect(terminalText("r1\u001b]0;owned\u0007\u001b[2J\r\u007f\u009b")).toBe("r1\\u001b]0;owned\\u0007\\u001b[2J\\r\\u007f\\u009b");
  });

  it("escapes the characters that reorder or break a line (bidi overrides, line separators)", () => {
    expect(terminalText("a\u202eb\u2066c\u2028d")).toBe("a\\u202eb\\u2066c\\u2028d");
  });

  it("escapes newlines and tabs in a value, and keeps them in a message of the tool's own lines", () => {
    expect(terminalText("a\nb\tc")).toBe("a\\nb\\tc");
    expect(terminalText("first\n\tsecond\u001b[1m\n", "keep")).toBe("first\n\tsecond\\u001b[1m\n");
  });

  it("leaves printable text, accents and emoji as they are", () => {
    expect(terminalText("résumé 🔒 \"r1\" 100%")).toBe("résumé 🔒 \"r1\" 100%");
  });
});
