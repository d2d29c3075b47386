import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCheck } from "./check-command.js";

const dir = mkdtempSync(join(tmpdir(), "fc-check-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s), isTty: false }, out, err };
}

const log = (...lines: string[]) => lines.map((l) => `INFO  jepsen.util - ${l}\n`).join("");
const okLog = log("0\t:invoke\t:write\t1", "0\t:ok\t:write\t1", "1\t:invoke\t:read\tnil", "1\t:ok\t:read\t1");
const badLog = log("0\t:invoke\t:write\t1", "0\t:ok\t:write\t1", "1\t:invoke\t:read\tnil", "1\t:ok\t:read\t2");

describe("fencecheck check", () => {
  it("exits 0 for a linearizable history and 1 for an illegal one, explaining it", async () => {
    const ok = capture();
    expect(await runCheck({ files: [file("ok.log", okLog)] }, ok.io)).toBe(0);
    expect(ok.out.join("")).toMatch(/ok\.log\tetcd-register\tok\t/);
    const bad = capture();
    expect(await runCheck({ files: [file("bad.log", badLog)] }, bad.io)).toBe(1);
    expect(bad.out.join("")).toContain("cannot place next: p1 read() -> 2");
  });

  it("exits 254 with one line naming the file and line of bad input", async () => {
    const c = capture();
    const path = file("broken.edn", "{:process 0, :type :invoke, :f :read}\n{:process 0, :type :nope, :f :read}\n");
    expect(await runCheck({ files: [path] }, c.io)).toBe(254);
    expect(c.err.join("")).toBe(`fencecheck: Cannot read "${path}" line 2: "type" must be invoke, ok, fail or info, got "nope"\n`);
  });

  it("exits 254 for a missing file, an unknown model and a bad timeout", async () => {
    expect(await runCheck({ files: [join(dir, "absent.log")] }, capture().io)).toBe(254);
    expect(await runCheck({ files: [file("a.log", okLog)], model: "nope" }, capture().io)).toBe(254);
    expect(await runCheck({ files: [file("b.log", okLog)], timeout: "-1" }, capture().io)).toBe(254);
    expect(await runCheck({ files: [file("c.log", okLog)], maxMemory: "lots" }, capture().io)).toBe(254);
  });

  it("applies --initial to the model", async () => {
    const edn = file("r.edn", "{:process 0, :type :invoke, :f :read, :value nil}\n{:process 0, :type :ok, :f :read, :value 0}\n");
    expect(await runCheck({ files: [edn], model: "register", initial: "0" }, capture().io)).toBe(0);
    expect(await runCheck({ files: [edn], model: "register", initial: "5" }, capture().io)).toBe(1);
  });

  it("checks a manifest and exits 1 when a verdict differs from the expected one", async () => {
    file("m-ok.log", okLog);
    file("m-bad.log", badLog);
    const good = capture();
    const manifest = file("m.tsv", "# path\tmodel\texpected\nm-ok.log\tetcd-register\tok\nm-bad.log\tetcd-register:null\tillegal\n");
    expect(await runCheck({ files: [], manifest }, good.io)).toBe(0);
    expect(good.out.at(-1)).toMatch(/^total\t2 files\t[\d.]+ ms\t0 mismatches\n$/);
    const wrong = file("w.tsv", "m-bad.log\tetcd-register\tok\n");
    expect(await runCheck({ files: [], manifest: wrong }, capture().io)).toBe(1);
  });

  it("exits 2 for a history with no operations, saying so", async () => {
    const c = capture();
    expect(await runCheck({ files: [file("empty.edn", "")] }, c.io)).toBe(2);
    expect(c.out.join("")).toMatch(/empty\.edn\tcas-register\tunknown\t[\d.]+ ms\n  no operations\n/);
  });

  it("exits 0 for a history whose every op failed, as Knossos and porcupine judge it", async () => {
    const c = capture();
    const edn = "[{:process 0, :type :invoke, :f :read, :value nil}\n {:process 0, :type :fail, :f :read, :value nil}]\n";
    expect(await runCheck({ files: [file("failed.edn", edn)] }, c.io)).toBe(0);
    expect(c.out.join("")).toMatch(/failed\.edn\tcas-register\tok\t/);
  });

  it("warns on stderr naming a cut-short last line, and checks the rest", async () => {
    const c = capture();
    const path = file("cut.log", `${okLog}INFO  jepsen.util - 1\t:invoke\t:cas\t[1 `);
    expect(await runCheck({ files: [path] }, c.io)).toBe(0);
    expect(c.err.join("")).toBe(`fencecheck: warning: "${path}" line 5 is cut short (no newline, not a whole op): left out\n`);
  });
});
