import { describe, expect, it } from "vitest";
import { renderMatrixHtml, type MatrixModel } from "./matrix-html.js";

const model: MatrixModel = {
  title: "m", command: "fencecheck validate", absent: "-",
  faults: ["kill-lock", "loss", "kill-storage"],
  groups: [{ name: "crashes", faults: ["kill-storage", "kill-lock"] }, { name: "network", faults: ["loss"] }],
  designs: [{ name: "etcd", description: "--lock etcd" }],
  cells: [
    { design: "etcd", fault: "loss", valid: true, href: "l/report.html", summary: "3 of 3 seeds as declared", links: [{ text: "seed 1: valid", href: "l1" }, { text: "seed 2: valid", href: "l2" }] },
    { design: "etcd", fault: "kill-storage", valid: undefined, href: undefined, label: "timeout", expected: true, error: "the run passed its hard timeout" },
  ],
};

describe("the matrix page", () => {
  it("heads grouped columns with their group's name over them, and orders the columns by group", () => {
    const html = renderMatrixHtml(model);
    expect(html).toContain('<th class="group g-start" colspan="2">crashes</th><th class="group g-start" colspan="1">network</th>');
    expect(html.indexOf(">kill-<wbr>storage</th>")).toBeLessThan(html.indexOf(">kill-<wbr>lock</th>"));
    expect(html.indexOf(">kill-<wbr>lock</th>")).toBeLessThan(html.indexOf(">loss</th>"));
  });

  it("marks each group's first column, and shows a pair with no cell in grey with the absent text", () => {
    const html = renderMatrixHtml(model);
    expect(html).toContain('<td class="v-none unexpected g-start" data-cell="etcd/kill-storage"');
    expect(html).toContain('<td class="absent">-</td>');
    expect(html).toContain('<td class="v-true g-start" data-cell="etcd/loss">');
  });

  it("folds a cell's runs under a count, and keeps an error's whole text on hover", () => {
    const html = renderMatrixHtml(model);
    expect(html).toContain('<details class="small"><summary>2 runs</summary><a href="l1">seed 1: valid</a> <a href="l2">seed 2: valid</a></details>');
    expect(html).toContain('<div class="small error" title="the run passed its hard timeout">');
  });

  it("lets a fault's name break after its hyphens, parentheses and commas", () => {
    const html = renderMatrixHtml({ ...model, groups: undefined, faults: ["pause(storage,client)"], cells: [] });
    expect(html).toContain("<th>pause(<wbr>storage,<wbr>client)</th>");
    expect(html).not.toContain('class="group');
  });
});
