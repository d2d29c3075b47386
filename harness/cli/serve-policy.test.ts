import { describe, expect, it } from "vitest";
import { isOwnHost, isToolPage, scriptHash, toolPagePolicy } from "./serve-policy.js";

describe("what serve shows as a page", () => {
  it.each([
    "index.html",
    "etcd-fenced-pause-holder/2026-11-30T040000Z-abc123/report.html",
    "matrix-2026-11-30T060000Z/index.html",
    "validate-2026-11-30T060000Z/index.html",
    "scenarios/2026-11-30T060000Z/index.html",
  ])("takes %s, where the tool writes its pages", (path) => {
    expect(isToolPage(path)).toBe(true);
  });

  it.each([
    "etcd-fenced-pause-holder/2026-11-30T040000Z-abc123/nodes/n1/report.html",
    "etcd-fenced-pause-holder/2026-11-30T040000Z-abc123/page.html",
    "validate-2026-11-30T060000Z/cells/index.html",
    "report.html",
    "scenarios/index.html",
  ])("refuses %s, which the tool never writes", (path) => {
    expect(isToolPage(path)).toBe(false);
  });
});

describe("which Host serve answers", () => {
  it("answers its loopback address and localhost, on its own port only", () => {
    expect(isOwnHost("127.0.0.1:8080", 8080)).toBe(true);
    expect(isOwnHost("LOCALHOST:8080", 8080)).toBe(true);
    expect(isOwnHost("localhost:8081", 8080)).toBe(false);
    expect(isOwnHost("127.0.0.1", 8080)).toBe(false);
    expect(isOwnHost("rebound.example:8080", 8080)).toBe(false);
    expect(isOwnHost(undefined, 8080)).toBe(false);
  });
});

describe("the policy of the tool's pages", () => {
  it("runs only the report's script, by its hash, and loads nothing", () => {
    expect(scriptHash("alert(1)")).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(toolPagePolicy()).toMatch(/^default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; script-src 'sha256-[^']+'; /);
    expect(toolPagePolicy()).not.toContain("unsafe-eval");
  });
});
