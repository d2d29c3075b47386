import { describe, expect, it } from "vitest";
import { firstSentence, renderApiPage } from "./api-page.js";

describe("the API page", () => {
  it("keeps a doc comment's first sentence only, on one line, not cut at e.g.", () => {
    expect(firstSentence("Runs a test.\nThen more.")).toBe("Runs a test.");
    expect(firstSentence("A clock, e.g. the system's. More.")).toBe("A clock, e.g. the system's.");
    expect(firstSentence("No full stop")).toBe("No full stop");
    expect(firstSentence("")).toBe("");
  });

  it("groups names by declaring module in alphabetical order and counts the undocumented", () => {
    const page = renderApiPage([
      { name: "b", kind: "function", module: "core/z.ts", summary: "B." },
      { name: "a", kind: "type", module: "core/z.ts", summary: "" },
      { name: "c", kind: "const", module: "core/a.ts", summary: "C | D." },
    ]);
    expect(page.indexOf("## core/a.ts")).toBeLessThan(page.indexOf("## core/z.ts"));
    expect(page).toContain("| `a` | type | – |\n| `b` | function | B. |");
    expect(page).toContain("C \\| D.");
    expect(page).toContain("3 names; 1 without a doc comment");
  });
});
