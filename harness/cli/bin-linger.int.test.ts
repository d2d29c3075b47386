/**
 * The executable ends once its command has returned, even when something
 * it loaded left a handle open: a nightly job must meet an exit, never a
 * hang. Needs `npm run build`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const bin = join(root, (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: { fencecheck: string } }).bin.fencecheck);
const dir = mkdtempSync(join(tmpdir(), "fc-bin-linger-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the fencecheck executable", () => {
  it("ends with its command's exit code, naming what was left open, when a handle would keep it running", { timeout: 60_000 }, () => {
    // A listening server loaded before the CLI stands for any handle a command leaves open.
    const leak = join(dir, "leak.cjs");
    writeFileSync(leak, `require("node:net").createServer().listen(0, "127.0.0.1");\n`);
    const started = Date.now();
    const ran = spawnSync(process.execPath, ["--require", leak, bin, "list"], { encoding: "utf8", timeout: 45_000 });
    expect(ran.signal, "killed by the test's timeout: the process hung").toBeNull();
    expect(ran.status).toBe(0);
    expect(ran.stdout).toContain("reference");
    expect(ran.stderr).toMatch(/^fencecheck: internal error: the process was still running 15 s after the command ended \(open: [^)]*TCPServerWrap/m);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15_000);
  });
});
