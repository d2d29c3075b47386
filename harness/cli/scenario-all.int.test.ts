/**
 * Every scenario of the design notes, run for real on the local runtime,
 * each variant asserted against the verdict its design predicts (designs
 * that must always be safe on two seeds). Needs root and a build.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "./main.js";
import { scenarioList } from "../scenario/index.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-scenarios-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

describe("the design notes' scenarios", () => {
  it.each(scenarioList().map((s) => [s.name]))("%s shows what each design predicts", async (name) => {
    let out = "";
    const io = { out: (s: string) => void (out += s), err: () => undefined, isTty: false };
    const code = await main(["scenario", "run", name, "--seeds", "1,2", "--store", store], io, {
      cwd: process.cwd(),
      signal: new AbortController().signal,
    });
    expect(out).not.toContain("MISS");
    expect(code).toBe(0);
    const page = /scenarios: (.*)/.exec(out)?.[1];
    expect(page && existsSync(page)).toBe(true);
  }, 300_000);
});
