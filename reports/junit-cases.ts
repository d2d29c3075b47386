/**
 * JUnit XML for a list of test cases that are not a run's checkers: the
 * validation matrix writes one test case per cell (and seed). A case that
 * failed is a <failure> with its message and text; the shape is the one CI
 * systems read (testsuites > testsuite > testcase).
 */
import { escapeXml as x } from "./xml-escape.js";

/** One test case. */
export interface JunitCase {
  readonly classname: string;
  readonly name: string;
  readonly timeSeconds: number;
  /** Absent when the case passed. */
  readonly failure?: { readonly message: string; readonly text: string };
  /** What a passing case prints (its verdict and report). */
  readonly output?: string;
}

/** The JUnit document of one suite of cases. Pure. */
export function junitCasesXml(suite: string, cases: readonly JunitCase[], properties: Readonly<Record<string, string>> = {}): string {
  const time = cases.reduce((t, c) => t + c.timeSeconds, 0).toFixed(3);
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const body = cases.map((c) => {
    const open = `    <testcase classname="${x(c.classname)}" name="${x(c.name)}" time="${c.timeSeconds.toFixed(3)}"`;
    const inner = [
      c.failure ? `      <failure type="mismatch" message="${x(c.failure.message)}">${x(c.failure.text)}</failure>` : undefined,
      c.output ? `      <system-out>${x(c.output)}</system-out>` : undefined,
    ].filter((s): s is string => s !== undefined);
    return inner.length === 0 ? `${open}/>` : `${open}>\n${inner.join("\n")}\n    </testcase>`;
  });
  const props = Object.entries(properties).map(([k, v]) => `      <property name="${x(k)}" value="${x(v)}"/>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${x(suite)}" tests="${cases.length}" failures="${failures}" errors="0" time="${time}">
  <testsuite name="${x(suite)}" tests="${cases.length}" failures="${failures}" errors="0" time="${time}">
${props.length > 0 ? `    <properties>\n${props.join("\n")}\n    </properties>\n` : ""}${body.join("\n")}
  </testsuite>
</testsuites>
`;
}
