import { describe, expect, it } from "vitest";
import { firstSentence, renderApiPage } from "./api-page.js";

describe("the API page", () => {
  it("keeps a doc comment's first sentence only, on one line, not cut at e.g.", () => {
    expect(firstSentence("Runs a test.\nThen more.")).toBe("Runs a test.");
    expect(firstSentence("A clock, e.g. the system's. More.")).toBe("A clock, e.g. the system's.");
    expect(firstSentence("No full stop")).toBe("No full stop");
    expect(firstSentence("")).toBe("");
  });

  it("lists each entry in package order, its names grouped by declaring module in alphabetical order, and counts the undocumented", () => {
    const page = renderApiPage([
      {
        specifier: "fencecheck", file: "harness/index.ts", entries: [
          { name: "b", kind: "function", module: "core/z.ts", summary: "B." },
          { name: "a", kind: "type", module: "core/z.ts", summary: "" },
          { name: "c", kind: "const", module: "core/a.ts", summary: "C | D." },
        ],
      },
      { specifier: "fencecheck/core", file: "core/index.ts", entries: [{ name: "a", kind: "type", module: "core/z.ts", summary: "" }] },
    ]);
    expect(page).toContain("| `fencecheck` | harness/index.ts | 3 names; 1 without a doc comment (\"–\") |");
    expect(page.indexOf("## fencecheck\n")).toBeLessThan(page.indexOf("## fencecheck/core\n"));
    expect(page.indexOf("### core/a.ts")).toBeLessThan(page.indexOf("### core/z.ts"));
    expect(page).toContain("| `a` | type | – |\n| `b` | function | B. |");
    expect(page).toContain("C \\| D.");
    expect(page).toContain("`core/index.ts`: 1 name; 1 without a doc comment");
  });
});
