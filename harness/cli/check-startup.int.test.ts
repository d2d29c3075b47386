import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
/** The executable as installed: package.json's bin (needs `npm run build`). */
const bin = join(root, (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: { fencecheck: string } }).bin.fencecheck);
const dir = mkdtempSync(join(tmpdir(), "fc-check-startup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Records every module the process loads: ESM through a resolve hook, CommonJS from require's cache at exit. */
const PRELOAD = `
import { appendFileSync } from "node:fs";
import { createRequire, register } from "node:module";
const log = process.env.FC_LOADS;
register("data:text/javascript," + encodeURIComponent(\`
  import { appendFileSync } from "node:fs";
  let log;
  export function initialize(data) { log = data; }
  export async function resolve(specifier, context, next) {
    const r = await next(specifier, context);
    appendFileSync(log, r.url + "\\\\n");
    return r;
  }\`), { data: log });
process.on("exit", () => appendFileSync(log, Object.keys(createRequire(import.meta.url).cache).join("\\n") + "\\n"));
`;

/** Runs the built `fencecheck` with `args`; returns what it printed and the modules (not built-ins) it loaded. */
function fencecheck(...args: string[]): { code: number | null; out: string; err: string; loaded: string[] } {
  const preload = file("preload.mjs", PRELOAD);
  const log = join(mkdtempSync(join(dir, "run-")), "loads.txt");
  writeFileSync(log, "");
  const r = spawnSync(process.execPath, ["--import", preload, bin, ...args], { encoding: "utf8", env: { ...process.env, FC_LOADS: log } });
  const loaded = readFileSync(log, "utf8")
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("node:") && !l.startsWith("data:"))
    .map((l) => relative(root, l.startsWith("file:") ? fileURLToPath(l) : l))
    .filter((f) => !f.endsWith("preload.mjs"));
  return { code: r.status, out: r.stdout, err: r.stderr, loaded: [...new Set(loaded)].sort() };
}

const edn = (...values: string[]): string => values.map((v, i) => `{:process 0, :type :${i % 2 ? "ok" : "invoke"}, :f :read, :value ${v}}\n`).join("");

describe("fencecheck check, as built", () => {
  it("loads the bin and the loader of the one-file check bundle and no other module, not even commander's own files", () => {
    const r = fencecheck("check", "--model", "register:0", file("ok.edn", edn("nil", "0")));
    expect(r.code).toBe(0);
    expect(r.out).toContain("ok.edn\tregister\tok\t");
    expect(r.loaded).toEqual(["dist/harness/cli/bin.cjs", "dist/harness/cli/load-bundle.cjs"]);
  });

  // node:v8 does load (about 3 ms): its setFlagsFromString turns --no-lazy on while the bundle compiles from its cache (load-bundle.cts).
  it("loads no Node built-in a small check does not need: not perf_hooks (the global performance), os or worker_threads", () => {
    const preload = file("builtins.cjs", `process.on("exit", () => require("node:fs").writeFileSync(process.env.FC_BUILTINS, process.moduleLoadList.join("\\n")));`);
    const builtins = (...args: string[]): string[] => {
      const out = join(mkdtempSync(join(dir, "builtins-")), "list.txt");
      const r = spawnSync(process.execPath, ["-r", preload, ...args], { encoding: "utf8", env: { ...process.env, FC_BUILTINS: out } });
      expect(r.status, r.stderr).toBe(0);
      return readFileSync(out, "utf8").split("\n");
    };
    const node = new Set(builtins("-e", "0"));
    const added = builtins(bin, "check", "--model", "register:0", file("small.edn", edn("nil", "0"))).filter((m) => !node.has(m));
    expect(added.filter((m) => /perf|histogram|\bos$|worker/.test(m))).toEqual([]);
  });

  it("keeps the exit codes and the one line of bad input: 0 ok, 1 illegal, 2 unknown, 254 bad input or flag", () => {
    expect(fencecheck("check", "--model", "register:0", file("ok.edn", edn("nil", "0"))).out).toMatch(/ok\.edn\tregister\tok\t\d+\.\d ms\n$/);
    expect(fencecheck("check", "--model", "register:0", file("bad.edn", edn("nil", "7"))).code).toBe(1);
    expect(fencecheck("check", file("empty.edn", "")).code).toBe(2);
    const broken = file("broken.edn", "{:process 0, :type :nope, :f :read}\n");
    expect(fencecheck("check", broken)).toMatchObject({ code: 254, err: `fencecheck: Cannot read "${broken}" line 1: "type" must be invoke, ok, fail or info, got "nope"\n` });
    expect(fencecheck("check", "--bogus")).toMatchObject({ code: 254, err: "error: unknown option '--bogus'\n" });
  });

  it("ends at once on Ctrl-C in the middle of a long check, as Node ends on SIGINT: it has nothing to heal", async () => {
    const lines = Array.from({ length: 400_000 }, (_, i) => `{:process ${i % 5}, :type :invoke, :f :write, :value ${i}}\n{:process ${i % 5}, :type :ok, :f :write, :value ${i}}\n`);
    const long = file("long.edn", lines.join(""));
    const child = spawn(process.execPath, [bin, "check", "--model", "register:0", long], { stdio: "ignore" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = Date.now();
    child.kill("SIGINT");
    const [code, signal] = (await new Promise((resolve) => child.once("exit", (...end) => resolve(end)))) as [number | null, string | null];
    expect({ code, signal }).toEqual({ code: null, signal: "SIGINT" });
    // Killed by the signal (above), not finished; "at once" is a generous bound on a loaded machine.
    const tookMs = Date.now() - sent;
    expect(tookMs, `ended ${tookMs} ms after SIGINT`).toBeLessThan(5_000);
  });

  it("runs the other commands from the CLI's bundle, and a run loads no package before its first node (no canvas, Chart.js, Docker or database client)", () => {
    const list = fencecheck("list", "--help");
    expect(list.code).toBe(0);
    expect(list.loaded).toContain("dist/bundle/cli/cli.js");
    expect(list.loaded.filter((f) => f.startsWith("dist/harness/") && !/bin\.cjs$|load-bundle\.cjs$/.test(f))).toEqual([]);
    // Refused at its store, after loading all that a run loads before it starts a node.
    const refused = fencecheck("run", "--lock", "reference", "--store", "/proc/fencecheck-no-store");
    expect(refused.code).toBe(254);
    expect(refused.loaded.filter((f) => !f.startsWith("dist/bundle/cli/") && !/bin\.cjs$|load-bundle\.cjs$/.test(f))).toEqual([]);
  });

  it("exits 255 with one line, not Node's 1 (INVALID's code), when its modules cannot load", () => {
    const lone = mkdtempSync(join(dir, "lone-"));
    for (const name of ["bin.cjs", "load-bundle.cjs"]) copyFileSync(join(dirname(bin), name), join(lone, name));
    const r = spawnSync(process.execPath, [join(lone, "bin.cjs"), "run", "--lock", "reference"], { encoding: "utf8" });
    expect(r.status).toBe(255);
    expect(r.stderr).toMatch(/^fencecheck: could not start: Cannot find module [^\n]*cli-process\.js[^\n]*\n$/);
  });
});
