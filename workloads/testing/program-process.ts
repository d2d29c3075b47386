/**
 * Test support: starts this package's programs (the services and the agent)
 * as real child processes on 127.0.0.1 and talks to them the way the harness
 * does. Used by the integration tests; kept out of the harness proper.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { AGENT_CONFIG_ON_STDIN, type AgentConfig, type AgentHello, type AgentReply } from "../../core/index.js";
import { entrypointPath, type EntrypointName } from "../entrypoints.js";

/** A running service: its "host:port" and its process. */
export interface ServiceProcess {
  readonly endpoint: string;
  readonly child: ChildProcess;
  /** Sends `signal` and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a service with `args` and waits for its `listening host:port` line. */
export async function startServiceProcess(name: Exclude<EntrypointName, "agent">, args: readonly string[]): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [entrypointPath(name), ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const stderr: string[] = [];
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const endpoint = await new Promise<string>((resolve, reject) => {
    lines.once("line", (line) => resolve(line.replace(/^listening /, "")));
    child.once("exit", (code) => reject(new Error(`${name} exited with code ${code}: ${stderr.join("")}`)));
  });
  return { endpoint, child, stop: (signal) => stopChild(child, signal) };
}

/** A running agent, driven one request at a time. */
export interface AgentProcess {
  readonly child: ChildProcess;
  readonly hello: AgentHello;
  /** Sends one request and resolves with its reply. */
  request(f: string, value: unknown): Promise<AgentReply>;
  /** Tells the agent to stop waiting in the request it has in hand (the last one sent). */
  stopWaiting(): void;
  /** Ends stdin and waits for the exit code. */
  end(): Promise<number | null>;
  /** What the agent wrote to stderr so far. */
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts an agent with `config` in FENCECHECK_AGENT (or, with `onStdin`, as
 * its first stdin line, FENCECHECK_AGENT being "-") and waits for its hello line.
 */
export async function startAgentProcess(config: AgentConfig, opts: { readonly onStdin?: boolean } = {}): Promise<AgentProcess> {
  const child = spawn(process.execPath, [entrypointPath("agent")], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, FENCECHECK_AGENT: opts.onStdin === true ? AGENT_CONFIG_ON_STDIN : JSON.stringify(config) },
  });
  if (opts.onStdin === true) child.stdin?.write(`${JSON.stringify(config)}\n`);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const pending: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  lines.on("line", (line) => pending.shift()?.resolve(line));
  // "close" comes after stdout is drained, so no line is lost to it.
  child.once("close", (code) => {
    for (const waiter of pending.splice(0)) waiter.reject(new Error(`agent exited with code ${code} before answering`));
  });
  const nextLine = (): Promise<string> => new Promise((resolve, reject) => pending.push({ resolve, reject }));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const hello = JSON.parse(await nextLine()) as AgentHello;
  let id = 0;
  return {
    child,
    hello,
    async request(f, value) {
      const reply = nextLine();
      child.stdin?.write(`${JSON.stringify({ id: ++id, f, value })}\n`);
      return JSON.parse(await reply) as AgentReply;
    },
    stopWaiting() {
      child.stdin?.write(`${JSON.stringify({ stopWaiting: id })}\n`);
    },
    async end() {
      child.stdin?.end();
      return exited;
    },
    stderr: () => stderr,
    stop: (signal) => stopChild(child, signal),
  };
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}
