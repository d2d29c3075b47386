import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { launchProgramPathIn, PROGRAM_BUNDLE_DIR, PROGRAM_MODULES, programPathIn } from "./entrypoints.js";

/** A package root holding the files at `paths` (relative to it). */
function packageWith(...paths: string[]): string {
  const root = mkdtempSync(join(tmpdir(), "fencecheck-launch-path-"));
  for (const path of paths) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), "");
  }
  return root;
}

describe("the program a launch names", () => {
  it("is the module's path in a package not built yet, where starting it is refused", () => {
    const root = packageWith();
    expect(launchProgramPathIn(root, "reference-lock")).toBe(join(root, PROGRAM_MODULES["reference-lock"]));
    expect(() => programPathIn(root, "reference-lock")).toThrow(/Cannot find the "reference-lock" program: .* \(run npm run build\)$/);
  });

  it("is the program's bundle once built, as a started program's is", () => {
    const root = packageWith(PROGRAM_MODULES["reference-lock"], join(PROGRAM_BUNDLE_DIR, "reference-lock.js"));
    expect(launchProgramPathIn(root, "reference-lock")).toBe(join(root, PROGRAM_BUNDLE_DIR, "reference-lock.js"));
    expect(programPathIn(root, "reference-lock")).toBe(launchProgramPathIn(root, "reference-lock"));
  });
});
