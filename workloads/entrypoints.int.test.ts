import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { entrypointPath, PROGRAM_BUNDLE_DIR, PROGRAM_MODULES, programPathIn } from "./entrypoints.js";

// Needs `npm run build` first.
describe("entrypointPath", () => {
  it.each([
    ["reference-lock", "/dist/bundle/programs/reference-lock.js"],
    ["storage", "/dist/bundle/programs/storage.js"],
    ["agent", "/dist/bundle/programs/agent.js"],
    ["lock-probe", "/dist/bundle/programs/lock-probe.js"],
  ] as const)("finds the %s program's bundle that npm run build made under the package's dist", (name, suffix) => {
    const path = entrypointPath(name);
    expect(isAbsolute(path)).toBe(true);
    expect(path.endsWith(suffix)).toBe(true);
    expect(existsSync(path)).toBe(true);
  });
});

describe("programPathIn", () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  /** A package root with the agent's module, and its bundle when `bundleAgeS` is given (seconds relative to the module). */
  function packageWith(bundleAgeS?: number): string {
    const root = mkdtempSync(join(tmpdir(), "fencecheck-entrypoints-"));
    roots.push(root);
    const module = join(root, PROGRAM_MODULES.agent);
    mkdirSync(join(module, ".."), { recursive: true });
    writeFileSync(module, "");
    utimesSync(module, 1_000_000, 1_000_000);
    if (bundleAgeS !== undefined) {
      const bundle = join(root, PROGRAM_BUNDLE_DIR, "agent.js");
      mkdirSync(join(bundle, ".."), { recursive: true });
      writeFileSync(bundle, "");
      utimesSync(bundle, 1_000_000 + bundleAgeS, 1_000_000 + bundleAgeS);
    }
    return root;
  }

  it("picks the bundle when it was built after the module", () => {
    const root = packageWith(1);
    expect(programPathIn(root, "agent")).toBe(join(root, PROGRAM_BUNDLE_DIR, "agent.js"));
  });

  it("picks the module when the bundle is older than it (tsc run alone after a build)", () => {
    const root = packageWith(-1);
    expect(programPathIn(root, "agent")).toBe(join(root, PROGRAM_MODULES.agent));
  });

  it("picks the module when there is no bundle", () => {
    const root = packageWith();
    expect(programPathIn(root, "agent")).toBe(join(root, PROGRAM_MODULES.agent));
  });

  it("says to build when the module itself is missing", () => {
    const root = packageWith();
    expect(() => programPathIn(root, "storage")).toThrow(/Cannot find the "storage" program: .* does not exist \(run npm run build\)/);
  });
});
