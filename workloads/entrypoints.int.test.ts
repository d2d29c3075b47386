import { existsSync } from "node:fs";
import { isAbsolute } from "node:path";
import { describe, expect, it } from "vitest";
import { entrypointPath } from "./entrypoints.js";

// Needs `npm run build` first.
describe("entrypointPath", () => {
  it.each([
    ["reference-lock", "/dist/workloads/services/reference-lock/server.js"],
    ["storage", "/dist/workloads/services/storage/server.js"],
    ["agent", "/dist/workloads/agent/agent.js"],
  ] as const)("finds the compiled %s program under the package's dist", (name, suffix) => {
    const path = entrypointPath(name);
    expect(isAbsolute(path)).toBe(true);
    expect(path.endsWith(suffix)).toBe(true);
    expect(existsSync(path)).toBe(true);
  });
});
