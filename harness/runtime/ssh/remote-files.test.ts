import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createSystemClock } from "../../../core/index.js";
import { fetchFile, fetchPath } from "./remote-files.js";
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

describe("fetchFile's bounds", () => {
  const size = readFileSync(remote).length;

  it("cuts a host that sends more than the size it announced, and keeps nothing", async () => {
    const local = join(dir, "more", "storage.jsonl");
    await fetchFile(localHost((c) => `${c}; ${c}; ${c}`), { remote, local, size });
    expect(existsSync(local)).toBe(false);
    expect(readFileSync(`${local}.incomplete`, "utf8")).toBe(`host "local": "${remote}": it sent more than the ${size} bytes it announced: nothing of it was kept\n`);
  });

  it("cuts a copy that does not end within its time", async () => {
    const local = join(dir, "late", "storage.jsonl");
    await fetchFile(localHost((c) => `head -c 10 ${remote}; exec sleep 30`), { remote, local, size }, { timeoutMs: 300, maxBytes: 1 << 20 });
    expect(existsSync(local)).toBe(false);
    expect(readFileSync(`${local}.incomplete`, "utf8")).toMatch(/the copy did not end within 0.3 s: nothing of it was kept\n$/);
  });

  it("does not copy a file larger than its bound", async () => {
    const local = join(dir, "large", "storage.jsonl");
    await fetchFile(localHost(), { remote, local, size }, { timeoutMs: 10_000, maxBytes: 8 });
    expect(readFileSync(`${local}.incomplete`, "utf8")).toBe(`host "local": "${remote}": its ${size} bytes are more than the 8 a copy may bring\n`);
  });

  it("does not append through a symbolic link in the local file's place", async () => {
    const target = join(dir, "host-file");
    writeFileSync(target, "kept\n");
    mkdirSync(join(dir, "linked"));
    symlinkSync(target, join(dir, "linked", "storage.jsonl"));
    await expect(fetchFile(localHost(), { remote, local: join(dir, "linked", "storage.jsonl"), size })).rejects.toThrow(/ELOOP/);
    expect(readFileSync(target, "utf8")).toBe("kept\n");
  });
});

describe("fetchPath of a directory", () => {
  it("brings a host's setuid file without its setuid bit (no root-owned setuid program lands in the store)", async () => {
    const folder = mkdtempSync(join(dir, "node-"));
    writeFileSync(join(folder, "shell"), "#!/bin/sh\n");
    chmodSync(join(folder, "shell"), 0o4755);
    mkdirSync(join(folder, "shared"));
    chmodSync(join(folder, "shared"), 0o2777);
    const copy = join(dir, "copy-setuid");
    await fetchPath(localHost(), folder, copy, clock);
    expect(statSync(join(copy, "shell")).mode & 0o7777).toBe(0o755);
    expect(statSync(join(copy, "shared")).mode & 0o7000).toBe(0);
  });

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

  it("cuts a folder that unpacks to more than its bound, however well it compresses", async () => {
    const folder = mkdtempSync(join(dir, "node-"));
    writeFileSync(join(folder, "zeros"), Buffer.alloc(8 * 1024 * 1024));
    await expect(fetchPath(localHost(), folder, join(dir, "copy-big"), clock, 1024 * 1024)).rejects.toThrow(/unpacks to more than the 1048576 bytes a node's folder may bring/);
  });

  it("throws naming the host and the folder when the host's tar fails", async () => {
    const folder = mkdtempSync(join(dir, "node-"));
    writeFileSync(join(folder, "log"), "x");
    const failing = localHost((c) => c.replace(/(tar -C \S+ -cS -I 'gzip -1' \.)$/, "$1 ; exit 2"));
    await expect(fetchPath(failing, folder, join(dir, "copy"), clock)).rejects.toThrow(`Cannot fetch "${folder}" from host "local": the host's tar exited with code 2`);
  });
});
