import { describe, expect, it } from "vitest";
import type { RootfsEntry } from "./collect-inputs.js";
import { imageSpecs } from "./image-specs.js";
import { inputsHash } from "./inputs-hash.js";

const spec = imageSpecs()[0]!;
const entries: RootfsEntry[] = [
  { kind: "file", path: "/usr/bin/node", mode: 0o755, size: 100, mtimeMs: 1 },
  { kind: "link", path: "/bin/sh", target: "busybox" },
];

describe("inputsHash", () => {
  it("is the same for the same inputs", () => {
    expect(inputsHash(spec, entries, "FROM scratch", "")).toBe(inputsHash(spec, [...entries], "FROM scratch", ""));
  });

  it("changes when a file's mtime, the template or the base image changes", () => {
    const base = inputsHash(spec, entries, "FROM scratch", "");
    const touched: RootfsEntry[] = [{ ...(entries[0] as RootfsEntry & { kind: "file" }), mtimeMs: 2 }, entries[1]!];
    expect(inputsHash(spec, touched, "FROM scratch", "")).not.toBe(base);
    expect(inputsHash(spec, entries, "FROM scratch\n", "")).not.toBe(base);
    expect(inputsHash(spec, entries, "FROM scratch", "sha256:1")).not.toBe(base);
  });
});
