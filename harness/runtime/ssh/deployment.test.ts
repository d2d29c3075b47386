import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { localBundle } from "./deployment.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A package root with a build, a lock file, a stand-in Node binary and libfaketime. */
function fixture(): { root: string; node: string; faketime: string; write: (path: string, text: string) => void } {
  const root = mkdtempSync(join(tmpdir(), "fc-deploy-"));
  dirs.push(root);
  const write = (path: string, text: string): void => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("package.json", JSON.stringify({ version: "1.2.3" }));
  write("package-lock.json", "{}");
  write("dist/harness/a.js", "export const a = 1;\n");
  write("dist/bundle/check.cjs.cache", "code cache 1");
  write("bin/node", "node");
  write("faketime/libfaketime.so.1", "lib");
  write("faketime/libfaketimeMT.so.1", "lib");
  return { root, node: join(root, "bin/node"), faketime: join(root, "faketime"), write };
}

describe("localBundle", () => {
  it("keeps its version when the build is written again with the same content, so hosts keep their copy", () => {
    const f = fixture();
    const before = localBundle(f.root, f.node, f.faketime).version;
    f.write("dist/harness/a.js", "export const a = 1;\n");
    utimesSync(join(f.root, "dist/harness/a.js"), new Date(), new Date(Date.now() + 60_000));
    f.write("dist/bundle/check.cjs.cache", "code cache 2");
    f.write("dist/harness/a.js.map", "{}");
    expect(localBundle(f.root, f.node, f.faketime).version).toBe(before);
    expect(before).toMatch(/^1\.2\.3-[0-9a-f]{12}$/);
  });

  it("takes a new version when a built file or the lock file changes", () => {
    const f = fixture();
    const first = localBundle(f.root, f.node, f.faketime).version;
    f.write("dist/harness/a.js", "export const a = 2;\n");
    const second = localBundle(f.root, f.node, f.faketime).version;
    f.write("package-lock.json", '{"lockfileVersion":3}');
    const third = localBundle(f.root, f.node, f.faketime).version;
    expect(new Set([first, second, third]).size).toBe(3);
  });
});
