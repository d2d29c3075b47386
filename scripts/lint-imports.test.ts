import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const LINT = join(import.meta.dirname, "lint-imports.mjs");
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Lints a tree of the given files (path -> text) and returns its exit code and output. */
function lint(files: Readonly<Record<string, string>>): { code: number | null; out: string } {
  const root = mkdtempSync(join(tmpdir(), "fc-lint-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = spawnSync(process.execPath, [LINT, root], { encoding: "utf8" });
  return { code: run.status, out: run.stdout + run.stderr };
}

const CORE = { "core/index.ts": "export const x = 1;\n" };

describe("the import lint", () => {
  it("passes a tree that keeps the rule", () => {
    expect(lint({ ...CORE, "checkers/index.ts": 'import { x } from "../core/index.js";\nexport const y = x;\n' }).code).toBe(0);
  });

  it("fails a pure file that imports packages outside its allowlist and reaches for the clock and the environment", () => {
    const probe = 'import { hostname } from "node:os";\nimport pg from "pg";\nexport const when = new Date();\nexport const who = process.env.USER ?? hostname() + String(pg);\n';
    const { code, out } = lint({ ...CORE, "checkers/probe.ts": probe });
    expect(code).toBe(1);
    expect(out).toContain('checkers/ is pure and may not import "node:os"');
    expect(out).toContain('checkers/ is pure and may not import "pg"');
    expect(out).toContain("checkers/ is pure and may not use new Date()");
    expect(out).toContain("checkers/ is pure and may not use process");
  });

  it("fails a cycle between files, type-only imports included", () => {
    const { code, out } = lint({
      ...CORE,
      "nemesis/a.ts": 'import type { B } from "./b.js";\nexport type A = B | 1;\n',
      "nemesis/b.ts": 'import type { A } from "./a.js";\nexport type B = A | 2;\n',
    });
    expect(code).toBe(1);
    expect(out).toMatch(/a cycle between files: nemesis\/a\.ts -> nemesis\/b\.ts -> nemesis\/a\.ts/);
  });

  it("fails a runtime that borrows from another runtime's folder, not from common/", () => {
    const { code, out } = lint({
      ...CORE,
      "harness/runtime/common/rules.ts": "export const rules = 1;\n",
      "harness/runtime/local/table.ts": "export const table = 1;\n",
      "harness/runtime/remote/cluster.ts": 'import { rules } from "../common/rules.js";\nimport { table } from "../local/table.js";\nexport const c = rules + table;\n',
    });
    expect(code).toBe(1);
    expect(out).toContain("runtime remote/ borrows from runtime local/");
    expect(out).not.toContain("borrows from runtime common");
  });

  it("fails a runtime file that knows lock services, and lets a runtime's subfolder tool use another runtime", () => {
    const { code, out } = lint({
      ...CORE,
      "workloads/index.ts": "export const adapters = 1;\n",
      "harness/runtime/docker/engine.ts": "export const engine = 1;\n",
      "harness/runtime/ssh/for-run.ts": 'import { adapters } from "../../../workloads/index.js";\nexport const f = adapters;\n',
      "harness/runtime/ssh/testing/sandbox.ts": 'import { engine } from "../../docker/engine.js";\nexport const s = engine;\n',
    });
    expect(code).toBe(1);
    expect(out).toContain('harness/runtime/ssh/for-run.ts: harness/runtime/ imports only core/, harness/runtime/common/ and its own runtime\'s folder, not "../../../workloads/index.js"');
    expect(out).not.toContain("testing/sandbox.ts");
  });

  it("fails a checkers/ sub-folder that reaches into another one past its index.ts, and passes one that goes through it", () => {
    const lease = { "checkers/lease/index.ts": 'export * from "./rules.js";\n', "checkers/lease/rules.ts": "export const rules = 1;\n" };
    const deep = lint({ ...CORE, ...lease, "checkers/lock-service/double.ts": 'import { rules } from "../lease/rules.js";\nexport const d = rules;\n' });
    expect(deep.code).toBe(1);
    expect(deep.out).toContain('checkers/lock-service/double.ts: import checkers/lease/ through its index.ts, not "../lease/rules.js"');
    const through = lint({ ...CORE, ...lease, "checkers/lock-service/double.ts": 'import { rules } from "../lease/index.js";\nexport const d = rules;\n' });
    expect(through.code, through.out).toBe(0);
  });

  it("fails a cli file that calls a folder it may not call, or a file inside one it may, not its index.ts", () => {
    const tree = {
      ...CORE,
      "harness/store/index.ts": "export const s = 1;\n",
      "harness/runtime/index.ts": 'export { l } from "./local/local.js";\n',
      "harness/runtime/local/local.ts": "export const l = 1;\n",
      "harness/run/index.ts": 'export { t } from "./lifecycle/index.js";\n',
      "harness/run/lifecycle/index.ts": 'export { t } from "./run-test.js";\n',
      "harness/run/lifecycle/run-test.ts": "export const t = 1;\n",
      "harness/run/refusals/index.ts": 'export { u } from "./refuse-up-front.js";\n',
      "harness/run/refusals/refuse-up-front.ts": "export const u = 1;\n",
    };
    const calls = (imports: string): { code: number | null; out: string } => lint({ ...tree, "harness/cli/x.ts": `${imports}export const y = 1;\n` });
    const store = calls('import { s } from "../store/index.js";\n');
    expect(store.code).toBe(1);
    expect(store.out).toContain("harness/cli calls only harness/run, harness/runtime, harness/check, harness/scenario and harness/validate, not harness/store/");
    const deep = calls('import { l } from "../runtime/local/local.js";\nimport { t } from "../run/lifecycle/run-test.js";\n');
    expect(deep.code).toBe(1);
    expect(deep.out).toContain('harness/cli/x.ts: harness/cli calls harness/runtime/ through its index.ts, not a file inside it ("../runtime/local/local.js")');
    expect(deep.out).toContain('harness/cli/x.ts: harness/cli calls harness/run/ through its index.ts or a sub-folder\'s index.ts, not a file inside it ("../run/lifecycle/run-test.js")');
    const through = calls('import { l } from "../runtime/index.js";\nimport { t } from "../run/index.js";\nimport { u } from "../run/refusals/index.js";\n');
    expect(through.code, through.out).toBe(0);
  });

  it("lets scripts import harness/ through any entry package.json exports, and nothing else of it", () => {
    const tree = {
      ...CORE,
      "package.json": JSON.stringify({ exports: { ".": { default: "./dist/harness/index.js" }, "./runtime": { types: "./dist/harness/runtime/index.d.ts", default: "./dist/harness/runtime/index.js" } } }),
      "harness/index.ts": "export const h = 1;\n",
      "harness/runtime/index.ts": "export const r = 1;\n",
      "harness/store/index.ts": "export const s = 1;\n",
    };
    const entries = lint({ ...tree, "scripts/x.ts": 'import { h } from "../harness/index.js";\nimport { r } from "../harness/runtime/index.js";\nexport const y = h + r;\n' });
    expect(entries.code, entries.out).toBe(0);
    const other = lint({ ...tree, "scripts/x.ts": 'import { s } from "../harness/store/index.js";\nexport const y = s;\n' });
    expect(other.code).toBe(1);
    expect(other.out).toContain('scripts/x.ts: import harness/ through its index.ts, not "../harness/store/index.js"');
  });
});
