import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createSystemClock } from "../../../core/index.js";
import { fetchPath } from "./remote-files.js";
import { localHost } from "./testing/local-host.js";

const dir = mkdtempSync(join(tmpdir(), "fc-fetch-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const clock = createSystemClock();
// Real processes on a loaded machine: generous bounds, never a timing assertion.
vi.setConfig({ testTimeout: 60_000 });
const remote = join(dir, "remote-storage.jsonl");
writeFileSync(remote, '{"key":"r1","token":"1"}\n{"key":"r1","token":"2"}\n');

describe("fetchPath of a file", () => {
  it("appends the host's file when it arrives whole", async () => {
    const local = join(dir, "whole", "storage.jsonl");
    await fetchPath(localHost(), remote, local, clock);
    expect(readFileSync(local, "utf8")).toBe(readFileSync(remote, "utf8"));
    expect(existsSync(`${local}.incomplete`)).toBe(false);
  });

  it.each([
    ["a cat that fails midway", (c: string) => c.replace(/^(.*)cat (\S+)$/, "$1head -c 10 $2; exit 1"), "cat exited with code 1 after 10 of 50 bytes"],
    ["a short copy", (c: string) => c.replace(/^(.*)cat (\S+)$/, "$1head -c 10 $2"), "only 10 of its 50 bytes arrived"],
  ])("appends nothing after %s and names the host, the file and why beside it", async (_, rewrite, why) => {
    const local = join(dir, why.replace(/\W/g, ""), "storage.jsonl");
    await fetchPath(localHost(rewrite), remote, local, clock);
    expect(existsSync(local)).toBe(false);
    expect(readFileSync(`${local}.incomplete`, "utf8")).toBe(`host "local": "${remote}": ${why}\n`);
  });
});

describe("fetchPath of a directory", () => {
  it("brings a service's preallocated 64 MB log whole, compressed on the way", async () => {
    const folder = mkdtempSync(join(dir, "node-"));
    writeFileSync(join(folder, "log.1"), Buffer.alloc(64 * 1024 * 1024));
    writeFileSync(join(folder, "myid"), "2\n");
    const copy = join(dir, "copy-64");
    const sent: string[] = [];
    await fetchPath(localHost((c) => (sent.push(c), c)), folder, copy, clock);
    expect(statSync(join(copy, "log.1")).size).toBe(64 * 1024 * 1024);
    expect(readFileSync(join(copy, "myid"), "utf8")).toBe("2\n");
    expect(sent.some((c) => c.includes("-cS -I 'gzip -1'"))).toBe(true);
  });

  it("throws naming the host and the folder when the host's tar fails", async () => {
    const folder = mkdtempSync(join(dir, "node-"));
    writeFileSync(join(folder, "log"), "x");
    const failing = localHost((c) => c.replace(/(tar -C \S+ -cS -I 'gzip -1' \.)$/, "$1 ; exit 2"));
    await expect(fetchPath(failing, folder, join(dir, "copy"), clock)).rejects.toThrow(`Cannot fetch "${folder}" from host "local": the host's tar exited with code 2`);
  });
});
