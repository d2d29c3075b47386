import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The packages and our own files a module loads through its static (non-type) imports, side effects' included, followed through our files. */
function loadedBy(entry: string): { packages: string[]; files: string[] } {
  const packages = new Set<string>();
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/^(?:import|export)(?!\s+type\b)(?:[^;"]*?from)?\s*"([^"]+)";/gms)) {
      const spec = m[1]!;
      if (spec.startsWith("node:")) continue;
      if (!spec.startsWith(".")) {
        packages.add(spec);
        continue;
      }
      const path = resolve(dirname(file), spec.replace(/\.(c?)js$/, ".$1ts"));
      if (!seen.has(path) && existsSync(path)) {
        seen.add(path);
        queue.push(path);
      }
    }
  }
  return { packages: [...packages], files: [...seen].slice(1).map((f) => relative(root, f)) };
}

describe("fencecheck check", () => {
  it("is dispatched by the bin before anything else loads: the bin imports only the bundle's loader, no command and no package", () => {
    expect(loadedBy(join(root, "harness/cli/bin.cts"))).toEqual({ packages: [], files: ["harness/cli/load-bundle.cts"] });
    expect(loadedBy(join(root, "harness/cli/bin.ts")).files).toEqual(["harness/cli/bin.cts", "harness/cli/load-bundle.cts"]);
  });

  it("loads no package for a check of plain arguments, commander only with the fallback, and nothing else from node_modules (no runtimes, Docker, charts, canvas or database clients)", () => {
    const check = loadedBy(join(root, "harness/cli/check-process.ts"));
    expect(check.packages).toEqual([]);
    expect(check.files).not.toContain("harness/cli/program.ts");
    expect(check.files).not.toContain("harness/cli/check-command.ts");
    const fallback = [loadedBy(join(root, "harness/cli/program.ts")), loadedBy(join(root, "harness/cli/check-command.ts"))];
    expect(fallback.flatMap((f) => f.packages)).toEqual(["commander", "commander"]);
    for (const files of [check.files, ...fallback.map((f) => f.files)]) {
      expect(files.filter((f) => /^harness\/(runtime|run|scenario|store)\/|^reports|^workloads|^nemesis/.test(f))).toEqual([]);
    }
    expect(loadedBy(join(root, "harness/cli/main.ts")).packages).toEqual(["commander"]);
  });
});
