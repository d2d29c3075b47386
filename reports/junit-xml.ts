/**
 * JUnit XML for CI: one test suite per run, one test case per checker. An
 * invalid checker is a <failure> whose text is the story of the first
 * violation plus the checker's findings; an unknown one is an <error>; a
 * checker whose question does not arise ("n/a") is <skipped> with its
 * reason. A run unknown by the verdict rule alone (no checker unknown, but
 * nothing could tell a stale write) gets one more test case, "verdict",
 * an <error> with that reason, so CI never shows green for exit code 2.
 * The shape is the one CI systems read (testsuites > testsuite > testcase).
 */
import type { CheckerVerdict } from "./findings.js";
import type { ReportModel } from "./report-model.js";
import { escapeXml as attr } from "./xml-escape.js";

/** Options: the run's duration, for the `time` attributes. */
export interface JunitOptions {
  readonly timeSeconds?: number;
}

function storyText(m: ReportModel): string {
  return [m.story.headline, ...m.story.facts.map((f, i) => `${i + 1}. ${f.text}`), m.story.conclusion].join("\n");
}

/** The JUnit document of a report. Pure. */
export function junitXml(m: ReportModel, options: JunitOptions = {}): string {
  const time = (options.timeSeconds ?? m.end / 1e9).toFixed(3);
  const suite = attr(`fencecheck.${m.run.name}`);
  const extra: CheckerVerdict[] = m.verdict === "unknown" && !m.checkers.some((c) => c.valid === "unknown")
    ? [{ name: "verdict", valid: "unknown", lines: [m.verdictReason ?? "could not decide"], detail: "" }] : [];
  const all = [...m.checkers, ...extra];
  const failures = all.filter((c) => c.valid === false).length;
  const errors = all.filter((c) => c.valid === "unknown").length;
  const skipped = all.filter((c) => c.valid === "n/a").length;
  const cases = all.map((c) => testCase(m, suite, c));
  const props = [["seed", m.run.seed], ["command", m.run.command], ["verdict", m.verdictWord],
    ...(m.hazards === undefined ? [] : [["hazards", m.hazards]]), ...(m.vacuous === undefined ? [] : [["vacuous", m.vacuous]])]
    .map(([k, v]) => `      <property name="${attr(k)}" value="${attr(v)}"/>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="fencecheck" tests="${all.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}">
  <testsuite name="${suite}" tests="${all.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}">
    <properties>
${props}
    </properties>
${cases.join("\n")}
  </testsuite>
</testsuites>
`;
}

function testCase(m: ReportModel, suite: string, c: CheckerVerdict): string {
  const open = `    <testcase classname="${suite}" name="${attr(c.name)}"`;
  // A passing checker's summary (a rejected stale write, a fault that did not take effect) goes to its output.
  if (c.valid === true) return c.summary === undefined ? `${open}/>` : `${open}>\n      <system-out>${attr(c.summary)}</system-out>\n    </testcase>`;
  if (c.valid === "n/a") return `${open}>\n      <skipped message="${attr(`not applicable: ${c.reason ?? "its question does not arise for this run"}`)}"/>\n    </testcase>`;
  const body = attr([...(c.valid === false ? [storyText(m), ""] : []), ...c.lines].join("\n"));
  const first = attr(c.reason ?? c.lines[0] ?? (c.valid === false ? m.story.headline : "could not decide"));
  const tag = c.valid === false ? `failure type="invalid" message="${first}"` : `error type="unknown" message="${first}"`;
  return `${open}>\n      <${tag}>${body}</${c.valid === false ? "failure" : "error"}>\n    </testcase>`;
}
