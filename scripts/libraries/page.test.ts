import { describe, expect, it } from "vitest";
import { cells } from "./cells.js";
import { renderHtml, renderMarkdown, type CellResult } from "./page.js";

const all = cells({ seed: 7, timeLimitS: 10, acquireTimeoutMs: 10000 });
const stamp = { date: "2026-12-01", commit: "abc1234", machine: "2 cores, load average 1.0 at the start", seed: 7, timeLimitS: 10, acquireTimeoutMs: 10000 };

describe("the libraries page", () => {
  it("has one cell per library, fault and storage: unfenced, and fenced only for the library with a token (cas otherwise)", () => {
    expect(all).toHaveLength(5 * 4 * 2);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    expect(all.filter((c) => c.storage === "fenced").map((c) => c.library.adapter)).toEqual(Array(4).fill("dynamodb-lock"));
    expect(all.find((c) => c.id === "warlock-clock-jump-cas")?.args).toEqual(expect.arrayContaining(["--fault-opt", "clock.nodes=client", "--seed", "7"]));
  });

  it("links each verdict in the table to its sentence, and names the date, commit and machine", () => {
    const results: CellResult[] = [{ cell: all[0]!, result: { verdict: "unknown", why: "Because." } }];
    const md = renderMarkdown(results, stamp);
    expect(md).toContain("Measured 2026-12-01 at commit abc1234 on 2 cores, load average 1.0 at the start");
    expect(md).toContain(`unfenced: [unknown](#${all[0]!.id})`);
    expect(md).toContain(`<a id="${all[0]!.id}"></a>**proper-lockfile, pause-holder, unfenced: unknown.** Because.`);
    expect(md).toContain("cas: not run");
    const html = renderHtml(results, stamp);
    expect(html).toContain(`href="#${all[0]!.id}">unknown</a>`);
    expect(html).toContain(`<li id="${all[0]!.id}">`);
  });
});
