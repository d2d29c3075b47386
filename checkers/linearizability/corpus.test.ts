import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkPrepared, parseHistoryText, parseModelArg, prepareCheck } from "./index.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const corpus = join(process.env.FENCECHECK_CORPUS ?? join(root, "..", "shared", "corpus"), "porcupine");
const present = existsSync(join(corpus, "expected.tsv"));

function rows(): { path: string; model: string; expected: string }[] {
  if (!present) return [];
  return readFileSync(join(corpus, "expected.tsv"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("#"))
    .map((l) => {
      const [path = "", model = "", expected = ""] = l.split("\t");
      return { path, model, expected };
    });
}

describe("the porcupine corpus under CI", () => {
  // A moved corpus must never switch the check off silently: under CI=true its absence fails.
  it.runIf(process.env.CI === "true")("is present", () => {
    expect(present, `no porcupine corpus at ${corpus} (set FENCECHECK_CORPUS or keep ../shared/corpus beside the repo)`).toBe(true);
  });
});

describe.skipIf(!present)(`the porcupine corpus (${present ? corpus : "absent: neither FENCECHECK_CORPUS nor ../shared/corpus beside the repo"})`, () => {
  it.each(rows())("gives $path under $model the verdict $expected", ({ path, model, expected }) => {
    const parsed = parseHistoryText(readFileSync(join(corpus, path), "utf8"), path);
    const result = checkPrepared(prepareCheck(parsed.ops, path, parsed.format, parseModelArg(model)), { timeoutMs: 60_000 });
    if (expected === "none") expect(result.result).not.toBe("unknown");
    else expect(result.result).toBe(expected);
  }, 120_000);
});
