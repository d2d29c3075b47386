import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { NodeId, ProcessSpec } from "../../../core/index.js";
import { processHandle, stdoutLines, type HandleParts } from "./process-handle.js";
import { MAX_LINE_CHARS } from "./line-splitter.js";

const spec: ProcessSpec = { argv: ["prog"], logFile: "/tmp/x.log" };

function parts(over: Partial<HandleParts> & { running: { now: boolean }; sent: string[] }): HandleParts {
  return {
    node: "n1" as NodeId,
    pid: 42,
    spec,
    exited: new Promise(() => undefined),
    alive: () => over.running.now,
    onLine: () => undefined,
    signal: (signal) => over.sent.push(`signal ${signal}`),
    ...over,
  };
}

describe("processHandle", () => {
  it("writes a line as the runtime maps it for where the program runs", () => {
    const stdin = new PassThrough();
    const proc = processHandle(parts({ running: { now: true }, sent: [], stdin, mapSent: (line) => line.replace("/here", "/there") }));
    proc.send('{"lockAdapter":"/here/adapter.mjs"}');
    expect(stdin.read()?.toString()).toBe('{"lockAdapter":"/there/adapter.mjs"}\n');
  });

  it("writes one line to stdin per send while the program runs, and nothing once it has exited", () => {
    const stdin = new PassThrough();
    const running = { now: true };
    const proc = processHandle(parts({ running, sent: [], stdin }));
    proc.send("a");
    running.now = false;
    proc.send("b");
    expect(stdin.read()?.toString()).toBe("a\n");
  });

  it("refuses to send to a program started without a stdin pipe", () => {
    const proc = processHandle(parts({ running: { now: true }, sent: [] }));
    expect(() => proc.send("a")).toThrow(/process 42: it was not started with stdio "pipe"/);
  });

  it("signals the program, and its group through `signal` unless the runtime signals groups apart", () => {
    const sent: string[] = [];
    const running = { now: true };
    processHandle(parts({ running, sent })).signalGroup("SIGSTOP");
    const grouped = processHandle(parts({ running, sent, signalGroup: (signal) => sent.push(`group ${signal}`) }));
    grouped.signal("SIGCONT");
    grouped.signalGroup("SIGKILL");
    expect(sent).toEqual(["signal SIGSTOP", "signal SIGCONT", "group SIGKILL"]);
  });

  it("drops signals to a program that has exited", () => {
    const sent: string[] = [];
    const proc = processHandle(parts({ running: { now: false }, sent, signalGroup: (signal) => sent.push(`group ${signal}`) }));
    proc.signal("SIGKILL");
    proc.signalGroup("SIGKILL");
    expect(sent).toEqual([]);
  });
});

describe("stdoutLines", () => {
  it("hands out each line, those before the first listener included, and a last line without a newline", async () => {
    const stdout = new PassThrough();
    const listen = stdoutLines(stdout);
    stdout.write("one\ntw");
    await new Promise((resolve) => setImmediate(resolve));
    const seen: string[] = [];
    listen((line) => seen.push(line));
    stdout.end("o\r\nthree");
    await new Promise((resolve) => stdout.on("end", resolve));
    expect(seen).toEqual(["one", "two", "three"]);
  });

  it("stops reading a program whose line passes the cap, with one error naming it", async () => {
    const stdout = new PassThrough();
    const errors: string[] = [];
    const seen: string[] = [];
    stdoutLines(stdout, "the agent on node c1", (error) => errors.push(`${error.code}: ${error.message}`))((line) => seen.push(line));
    stdout.write("hello\n");
    const chunk = "x".repeat(1 << 20);
    for (let i = 0; i < 5 && !stdout.destroyed; i++) {
      stdout.write(chunk);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(seen).toEqual(["hello"]);
    expect(errors).toEqual([`runtime.command-failed: Stopped reading the output of the agent on node c1: a line passed ${MAX_LINE_CHARS} characters without a newline`]);
    expect(stdout.destroyed).toBe(true);
  });

  it("gives no line without a stream", () => {
    const seen: string[] = [];
    stdoutLines(undefined)((line) => seen.push(line));
    expect(seen).toEqual([]);
  });
});
