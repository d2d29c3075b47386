import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The packages a module loads through its static (non-type) imports, followed through our own files. */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/^(import|export)(?!\s+type\b)[^;]*?from\s+"([^"]+)";/gms)) {
      const spec = m[2]!;
      if (spec.startsWith("node:")) continue;
      if (!spec.startsWith(".")) {
        packages.add(spec);
        continue;
      }
      const path = resolve(dirname(file), spec.replace(/\.js$/, ".ts"));
      if (!seen.has(path) && existsSync(path)) {
        seen.add(path);
        queue.push(path);
      }
    }
  }
  return packages;
}

describe("fencecheck check", () => {
  it("loads commander and nothing else from node_modules (no runtimes, Docker, charts, canvas or database clients)", () => {
    expect([...packagesLoadedBy(join(root, "harness/cli/main.ts"))]).toEqual(["commander"]);
    expect([...packagesLoadedBy(join(root, "harness/cli/check-command.ts"))]).toEqual(["commander"]);
  });
});
