import { describe, expect, it } from "vitest";
import type { Checker, StorageKind } from "../core/index.js";
import { compose, lockCheckers, seedScenario } from "../checkers/index.js";
import { junitXml } from "./junit-xml.js";
import { renderMatrixHtml } from "./matrix-html.js";
import { buildReportModel } from "./report-model.js";
import { renderRunIndex } from "./run-index-html.js";

interface XmlNode { readonly name: string; readonly attrs: Record<string, string>; readonly children: XmlNode[]; text: string }

/** A strict little XML reader for the subset JUnit uses; throws on any unbalanced tag. */
function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: "#root", attrs: {}, children: [], text: "" };
  const stack = [root];
  const re = /<\?xml[^>]*\?>|<(\/?)([a-z-]+)((?:\s+[a-z]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  for (const m of xml.matchAll(re)) {
    const [whole, close, name, attrText, selfClose, text] = m;
    if (whole.startsWith("<?xml")) continue;
    const top = stack.at(-1)!;
    if (text !== undefined) { top.text += text; continue; }
    if (close) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attrs = Object.fromEntries([...(attrText ?? "").matchAll(/([a-z]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
    const node: XmlNode = { name: name!, attrs, children: [], text: "" };
    top.children.push(node);
    if (!selfClose) stack.push(node);
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is not closed`);
  return root;
}

async function model(kind: StorageKind) {
  const run = seedScenario(kind);
  const shading = [{ start: "pause", stop: "resume", label: "pause", color: "#f4b400" }];
  const results = await compose(lockCheckers()).check(run);
  const names = Object.keys(results.results);
  const failing = names.filter((n) => results.results[n]?.valid === false);
  const skipped = names.filter((n) => results.results[n]?.valid === "n/a");
  return { model: buildReportModel({ ...run, results, shading }), names, failing, skipped };
}

describe("JUnit XML", () => {
  it("has one test case per checker, and counts that match the failures, each failure carrying the story", async () => {
    const { model: m, names, failing, skipped } = await model("unfenced");
    expect(failing).toEqual(expect.arrayContaining(["fencing", "final-state", "linearizable"]));
    const doc = parseXml(junitXml(m, { timeSeconds: 12 }));
    const [suites] = doc.children;
    expect(suites?.name).toBe("testsuites");
    const [suite] = suites!.children;
    expect(suite?.name).toBe("testsuite");
    const cases = suite!.children.filter((c) => c.name === "testcase");
    expect(cases.map((c) => c.attrs["name"])).toEqual(names);
    const failed = cases.filter((c) => c.children.some((f) => f.name === "failure"));
    expect(failed.map((c) => c.attrs["name"])).toEqual(failing);
    const counts = { tests: String(names.length), failures: String(failing.length), errors: "0", skipped: String(skipped.length) };
    expect(suite!.attrs).toMatchObject({ ...counts, time: "12.000" });
    expect(suites!.attrs).toMatchObject(counts);
    const failure = failed[0]!.children[0]!;
    expect(failure.attrs["type"]).toBe("invalid");
    expect(failure.text).toContain("Storage accepted a write under a stale lease");
    expect(failure.text).toContain("6. Client 3 woke at 5.10 s still believing it held the lease and wrote v3-2 with token 33, which reached storage at 5.12 s");
    const props = suite!.children.find((c) => c.name === "properties")!.children;
    expect(props.find((p) => p.attrs["name"] === "seed")?.attrs["value"]).toBe("42");
  });

  it("has no failures for a valid run, and a passing checker's summary as its output", async () => {
    const { model: m, names } = await model("fenced");
    const xml = junitXml(m);
    expect(xml).not.toContain("<failure");
    const suites = parseXml(xml).children[0]!;
    expect(suites.attrs).toMatchObject({ tests: String(names.length), failures: "0", errors: "0" });
    const fencing = suites.children[0]!.children.find((c) => c.attrs["name"] === "fencing")!;
    expect(fencing.children.map((c) => c.name)).toEqual(["system-out"]);
    expect(fencing.children[0]!.text).toMatch(/^fencing: storage rejected 1 stale write\(s\).*divergence prevented$/);
    const stats = suites.children[0]!.children.find((c) => c.attrs["name"] === "stats")!;
    expect(stats.children).toEqual([]);
  });
});

describe("hazards in JUnit XML and the report", () => {
  it("records the hazards counted and, for a vacuous run, why, as suite properties and beside the verdict", async () => {
    const run = seedScenario("fenced");
    const checked = await compose(lockCheckers()).check(run);
    const results = { ...checked, hazards: { "paused-past-lease": 1 }, vacuous: true, aims: ["grant-before-crash" as const] };
    const m = buildReportModel({ ...run, results, shading: [] });
    const props = parseXml(junitXml(m)).children[0]!.children[0]!.children.find((c) => c.name === "properties")!.children;
    expect(props.find((p) => p.attrs["name"] === "hazards")?.attrs["value"]).toBe("paused-past-lease x1");
    expect(props.find((p) => p.attrs["name"] === "vacuous")?.attrs["value"]).toBe("none of the hazards its faults aim at (grant-before-crash) happened: the protection they test was never needed");
    expect(m.vacuous).toMatch(/^none of the hazards/);
    expect(m.hazards).toBe("paused-past-lease x1");
  });
});

describe("JUnit XML of checkers whose question does not arise", () => {
  const na = (name: string, reason: string): Checker => ({ name, check: () => ({ valid: "n/a", staleWritesJudged: false, reason }) });
  const ok: Checker = { name: "stats", check: () => ({ valid: true }) };

  async function junitOf(checkers: Checker[]) {
    const run = seedScenario("fenced");
    const results = await compose(checkers).check(run);
    return parseXml(junitXml(buildReportModel({ ...run, results, shading: [] }))).children[0]!.children[0]!;
  }

  it("skips a not-applicable checker with its reason, and adds an erring \"verdict\" case when nothing could tell a stale write", async () => {
    const suite = await junitOf([na("fencing", "no fencing token"), na("real-time", "no fixed TTL"), ok]);
    expect(suite.attrs).toMatchObject({ tests: "4", failures: "0", errors: "1", skipped: "2" });
    const cases = suite.children.filter((c) => c.name === "testcase");
    expect(cases.map((c) => c.attrs["name"])).toEqual(["fencing", "real-time", "stats", "verdict"]);
    expect(cases[0]!.children[0]).toMatchObject({ name: "skipped", attrs: { message: "not applicable: no fencing token" } });
    expect(cases[3]!.children[0]).toMatchObject({ name: "error", attrs: { type: "unknown", message: "nothing could tell a stale write (fencing: no fencing token; real-time: no fixed TTL)" } });
  });

  it("adds no verdict case when another checker judged the stale-write question", async () => {
    const judged: Checker = { name: "real-time", check: () => ({ valid: true, staleWritesJudged: true }) };
    const suite = await junitOf([na("fencing", "no fencing token"), judged, ok]);
    expect(suite.attrs).toMatchObject({ tests: "3", failures: "0", errors: "0", skipped: "1" });
  });
});

describe("index pages", () => {
  it("renders the matrix with designs as rows, faults as columns and an unexpected verdict marked", () => {
    const html = renderMatrixHtml({
      title: "m", command: "fencecheck matrix m.json", faults: ["none", "pause-holder"],
      designs: [{ name: "fenced", description: "storage fenced" }, { name: "<unfenced>", description: "" }],
      cells: [
        { design: "fenced", fault: "none", valid: true, href: "../a/t/report.html" },
        { design: "fenced", fault: "pause-holder", valid: false, href: "../b/t/report.html", expected: true },
        { design: "<unfenced>", fault: "pause-holder", valid: undefined, href: undefined, error: "Cannot start node" },
      ],
    });
    expect(html).toContain('<td class="v-true" data-cell="fenced/none"><a href="../a/t/report.html">valid</a></td>');
    expect(html).toContain('<td class="v-false unexpected" data-cell="fenced/pause-holder"><a href="../b/t/report.html">invalid</a><div class="small">expected valid</div></td>');
    expect(html).toContain("&lt;unfenced&gt;");
    expect(html).toContain('<td class="absent">not run</td>');
    expect(html).toContain('<td class="v-none" data-cell="&lt;unfenced&gt;/pause-holder">did not run<div class="small error" title="Cannot start node">Cannot start node</div></td>');
  });

  it("lists runs with their verdict class and checker badges", () => {
    const html = renderRunIndex({ store: "store", matrices: [], runs: [
      { name: "a", time: "t1", valid: false, checkers: { fencing: false }, reportHref: "a/t1/report.html" },
      { name: "b", time: "t0", valid: undefined, checkers: {}, reportHref: undefined },
      { name: "c", time: "t2", valid: true, checkers: { fencing: "n/a" }, reportHref: undefined },
    ] });
    expect(html).toContain('<span class="badge b-na" title="not applicable">fencing</span>');
    expect(html).toContain('<tr class="v-false"><td>a</td><td>t1</td><td><strong>INVALID</strong></td><td><span class="badge b-false">fencing</span></td><td><a href="a/t1/report.html">report</a></td></tr>');
    expect(html).toContain('<tr class="v-none"><td>b</td><td>t0</td><td><strong>no result</strong></td><td></td><td>no report</td></tr>');
  });
});
