/**
 * The documentation's own rules: a front page that fits on a few screens,
 * the adapter it shows is the example file that runs, every link between
 * the pages lands on a page and a heading that exist, and the pages speak of
 * the tool, not of how it was built.
 */
import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");

/** README.md and every markdown page under docs/, as paths from the root. */
function pages(): string[] {
  const found = ["README.md"];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir))) {
      const path = join(dir, entry);
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (entry.endsWith(".md")) found.push(path);
    }
  };
  walk("docs");
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");
}

/** The anchors a markdown page offers: its headings' and its explicit `<a id>`s. */
function anchorsOf(text: string): Set<string> {
  const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!));
  const ids = [...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!);
  return new Set([...headings, ...ids]);
}

/** Relative links `[text](target)` outside code blocks. */
function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").split("\n").filter((line) => !line.startsWith("    ")).join("\n");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/.test(target));
}

describe("the documentation", () => {
  it("has a front page of at most 12 KB", () => {
    expect(statSync(join(ROOT, "README.md")).size).toBeLessThanOrEqual(12 * 1024);
  });

  it("shows on the front page the adapter that examples/minimal-lock/adapter.mjs is, whole", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks).toContain(readFileSync(join(ROOT, "examples/minimal-lock/adapter.mjs"), "utf8"));
  });

  it("links only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const page of pages()) {
      for (const link of linksOf(readFileSync(join(ROOT, page), "utf8"))) {
        const [path = "", anchor] = link.split("#");
        const target = path === "" ? join(ROOT, page) : resolve(ROOT, dirname(page), path);
        if (!existsSync(target)) broken.push(`${page}: ${link} (no such file)`);
        else if (anchor !== undefined && target.endsWith(".md") && !anchorsOf(readFileSync(target, "utf8")).has(anchor)) broken.push(`${page}: ${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("speaks of the tool, never of how it was built", () => {
    const notes = pages().flatMap((page) =>
      readFileSync(join(ROOT, page), "utf8").split("\n").flatMap((line, i) => (/stop [0-9]|branch v[0-9]|engineers|this build/i.test(line) ? [`${page}:${i + 1}: ${line}`] : [])),
    );
    expect(notes).toEqual([]);
  });

  it("makes anchors as GitHub does", () => {
    expect(anchorOf("A lock service that ships as an image (`--runtime docker`)")).toBe("a-lock-service-that-ships-as-an-image---runtime-docker");
    expect(anchorOf("2. The report and the run folder")).toBe("2-the-report-and-the-run-folder");
  });
});
