import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkPrepared, parseHistoryText, parseModelArg, prepareCheck } from "./index.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const corpusRoot = process.env.FENCECHECK_CORPUS ?? join(root, "..", "shared", "corpus");
const porcupine = join(corpusRoot, "porcupine");

/** Every folder of the corpus root with a manifest (porcupine's, and any other, such as Knossos EDN histories). */
function manifestFolders(): string[] {
  if (!existsSync(corpusRoot)) return [];
  return readdirSync(corpusRoot)
    .map((name) => join(corpusRoot, name))
    .filter((dir) => existsSync(join(dir, "expected.tsv")));
}

function rows(folder: string): { path: string; model: string; expected: string }[] {
  return readFileSync(join(folder, "expected.tsv"), "utf8")
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
    expect(existsSync(join(porcupine, "expected.tsv")), `no porcupine corpus at ${porcupine} (set FENCECHECK_CORPUS or keep ../shared/corpus beside the repo)`).toBe(true);
  });
});

const folders = manifestFolders();
describe.skipIf(folders.length === 0)(`the corpus (${folders.length > 0 ? corpusRoot : "absent: neither FENCECHECK_CORPUS nor ../shared/corpus beside the repo"})`, () => {
  describe.each(folders)("%s", (folder) => {
    it.each(rows(folder))("gives $path under $model the verdict $expected", ({ path, model, expected }) => {
      const file = resolve(folder, path);
      const parsed = parseHistoryText(readFileSync(file, "utf8"), path);
      const result = checkPrepared(prepareCheck(parsed.ops, path, parsed.format, parseModelArg(model)), { timeoutMs: 60_000 });
      if (expected === "none") expect(result.result).not.toBe("unknown");
      else expect(result.result).toBe(expected);
    }, 120_000);
  });
});
