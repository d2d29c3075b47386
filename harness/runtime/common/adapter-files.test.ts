import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adapterShare, sharedPaths } from "./adapter-files.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fc-adapter-files-"));
  writeFileSync(join(dir, "adapter.mjs"), "export default {};\n");
  writeFileSync(join(dir, "server.mjs"), "// server\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const limits = (over: Partial<{ homes: string[]; maxBytes: number; skip: string }> = {}) => ({ homes: [], maxBytes: 1024, ...over });

describe("adapterShare", () => {
  it("sends the module and the files it declares, and nothing else of its folder", () => {
    const share = adapterShare(join(dir, "adapter.mjs"), ["server.mjs", "node_modules"], limits({ homes: [dir] }));
    expect(share).toEqual({ dir, files: ["adapter.mjs", "server.mjs", "node_modules"] });
    expect(sharedPaths(share)).toEqual([join(dir, "adapter.mjs"), join(dir, "server.mjs"), join(dir, "node_modules")]);
  });

  it("sends the whole folder of a module that declares nothing (examples/custom-lock keeps working)", () => {
    expect(adapterShare(join(dir, "adapter.mjs"), undefined, limits())).toEqual({ dir, files: undefined });
    expect(sharedPaths({ dir, files: undefined })).toEqual([dir]);
  });

  it("refuses a home folder in one line", () => {
    expect(() => adapterShare(join(dir, "adapter.mjs"), undefined, limits({ homes: [dir] }))).toThrow(
      expect.objectContaining({ code: "adapter.invalid", message: `Cannot copy the adapter's folder "${dir}": it is a home folder (declare the files the module needs in its "files", or move it into a folder of its own)` }));
    expect(() => adapterShare("/adapter.mjs", undefined, limits())).toThrow(/it is a home folder/);
  });

  it("refuses a folder over the size bound in one line, the store inside it left out of the count", () => {
    mkdirSync(join(dir, "store"));
    writeFileSync(join(dir, "store", "history.jsonl"), Buffer.alloc(4096));
    expect(() => adapterShare(join(dir, "adapter.mjs"), undefined, limits())).toThrow(`Cannot copy the adapter's folder "${dir}": it holds more than ${1024 / (1024 * 1024)} MiB`);
    expect(adapterShare(join(dir, "adapter.mjs"), undefined, limits({ skip: join(dir, "store") })).files).toBeUndefined();
  });
});
