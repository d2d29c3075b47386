import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generatedPages, REGENERATE, type GeneratedPage } from "./reference-pages.js";

const ROOT = resolve(import.meta.dirname, "../..");
let pages: GeneratedPage[] = [];

beforeAll(async () => {
  pages = await generatedPages(ROOT);
}, 180_000);

describe("the generated docs (docs/reference/, docs/measurements/README.md)", () => {
  it("are committed as the code gives them now: a page that drifted names the command that regenerates it", () => {
    const drifted = pages.filter((p) => !existsSync(join(ROOT, p.path)) || readFileSync(join(ROOT, p.path), "utf8") !== p.text).map((p) => p.path);
    expect(drifted, `these pages differ from what the code gives: run \`${REGENERATE}\` and commit them`).toEqual([]);
  });

  it("carry no date and no path of this machine", () => {
    for (const page of pages) {
      expect(page.text, page.path).not.toMatch(/\b20\d\d-\d\d-\d\d\b/);
      expect(page.text, page.path).not.toContain(ROOT);
    }
  });

  it("document every command, every fault package and every exported name", () => {
    const text = (path: string): string => pages.find((p) => p.path === path)?.text ?? "";
    expect(text("docs/reference/cli.md")).toContain("## fencecheck scenario run");
    expect(text("docs/reference/cli.md")).toContain("--time-limit <seconds>");
    expect(text("docs/reference/faults.md")).toContain("| `kill-after-grant` | kill |");
    expect(text("docs/reference/lock-services.md")).toContain("| `quorum` |");
    expect(text("docs/reference/api.md")).toMatch(/\| `runTest` \| function \| .+\. \|/);
  });
});
