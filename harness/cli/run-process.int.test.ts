/**
 * Ctrl-C against the real process: a run's clean-up turns the signal into
 * an abort, while work under `endOnInterrupt` (a run's checking phase)
 * ends the process at once, even inside a synchronous loop. Needs a build.
 */
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const runProcessUrl = pathToFileURL(join(root, "dist/harness/cli/run-process.js")).href;

/** Runs `body` (the main's body, with `env` in scope) under runProcess in a child; sends SIGINT once it prints "ready". */
async function interrupted(body: string): Promise<{ code: number | null; signal: string | null; stderr: string; afterSignalMs: number }> {
  const script = `const { runProcess } = await import(${JSON.stringify(runProcessUrl)});
process.exitCode = await runProcess([], async (_argv, _io, env) => { ${body} });`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  let sent = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    if (sent === 0 && chunk.toString().includes("ready")) {
      sent = Date.now();
      child.kill("SIGINT");
    }
  });
  const [code, signal] = (await new Promise((done) => child.once("exit", (...end) => done(end)))) as [number | null, string | null];
  return { code, signal, stderr, afterSignalMs: Date.now() - sent };
}

describe("Ctrl-C under runProcess", () => {
  it("ends the process at once inside endOnInterrupt, even in a synchronous loop", async () => {
    const result = await interrupted(`await env.endOnInterrupt(async () => {
      process.stdout.write("ready\\n");
      const end = Date.now() + 10_000;
      while (Date.now() < end);
    });
    return 0;`);
    expect({ code: result.code, signal: result.signal }).toEqual({ code: null, signal: "SIGINT" });
    expect(result.afterSignalMs).toBeLessThan(5_000);
  });

  it("aborts the run's signal again once endOnInterrupt has returned, and the run ends as it chooses", async () => {
    const result = await interrupted(`await env.endOnInterrupt(async () => undefined);
    process.stdout.write("ready\\n");
    const alive = setInterval(() => undefined, 1000);
    await new Promise((aborted) => env.signal.addEventListener("abort", aborted));
    clearInterval(alive);
    return 2;`);
    expect({ code: result.code, signal: result.signal }).toEqual({ code: 2, signal: null });
    expect(result.stderr).toMatch(/SIGINT: interrupting the run/);
  });
});

describe("a promise rejected with no handler under runProcess", () => {
  it("aborts the run, which still ends as it chooses, then prints one line and exits 255", async () => {
    const script = `const { runProcess } = await import(${JSON.stringify(runProcessUrl)});
process.exitCode = await runProcess([], async (_argv, _io, env) => {
  void Promise.reject(new Error("a start nobody awaited\\nsecond line"));
  await new Promise((aborted) => env.signal.addEventListener("abort", aborted));
  process.stdout.write("cleaned up\\n");
  return 1;
});`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((done) => child.once("exit", done));
    expect(code).toBe(255);
    expect(stdout).toBe("cleaned up\n");
    expect(stderr).toBe("fencecheck: internal error (a promise rejected with no handler): a start nobody awaited\n");
  });
});

describe("a reader that goes away under runProcess (`fencecheck run 2>&1 | head`)", () => {
  it("keeps the process running to its own end: what it writes to stderr afterwards is dropped", async () => {
    const script = `const { runProcess } = await import(${JSON.stringify(runProcessUrl)});
process.exitCode = await runProcess([], async (_argv, io) => {
  process.stdout.write("ready\\n");
  await new Promise((gone) => process.stdin.once("end", gone).resume());
  for (let i = 0; i < 50; i++) { io.err("still healing and stopping nodes\\n"); await new Promise((r) => setTimeout(r, 5)); }
  return 3;
});`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["pipe", "pipe", "pipe"] });
    child.stdout.once("data", () => {
      // The reader of stderr goes away (as `head` does), then the process is told to go on.
      child.stderr.destroy();
      child.stdin.end();
    });
    const [code, signal] = (await new Promise((done) => child.once("exit", (...end) => done(end)))) as [number | null, string | null];
    expect({ code, signal }).toEqual({ code: 3, signal: null });
  });
});
