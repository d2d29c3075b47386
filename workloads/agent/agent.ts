/**
 * Program entry of a client agent: `node agent.js`, configured by the JSON
 * `AgentConfig` in env FENCECHECK_AGENT, or, when that is `-`, by the first
 * line on stdin (`AGENT_CONFIG_ON_STDIN`: the harness starts the process
 * while the services start, and sends the configuration once their
 * endpoints answer). Prints the hello line
 * (`{"ready":true}`, or `{"ready":false,"error":"..."}` and exit 1), then
 * answers each `AgentRequest` line on stdin with one `AgentReply` line on
 * stdout, one request at a time. Nothing else goes to stdout (console.log is
 * sent to stderr, in case an adapter logs). A rejected promise no op awaits
 * is logged to stderr, not fatal. On stdin end it closes the lock client and
 * exits 0.
 */
import type { AgentHello, AgentReply, AgentRequest, AgentStopWaiting } from "../../core/index.js";
import { AGENT_CONFIG_ON_STDIN, createSystemClock, messageOf } from "../../core/index.js";
import { loadLockAdapter } from "../adapters/load-lock-adapter.js";
import { createStorageClient } from "../adapters/storage-client.js";
import { storageKinds } from "../services/storage-kinds.js";
import { readLines, type LineReader } from "./stdin-lines.js";
import { parseAgentConfig } from "./agent-config.js";
import type { AgentSession } from "./agent-session.js";
import { AGENT_DEFAULT_WORKLOAD, agentSessionFor } from "./agent-sessions.js";

function emit(line: AgentHello | AgentReply): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

function logToStderr(...args: unknown[]): void {
  process.stderr.write(`${args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ")}\n`);
}

/** The configuration's JSON: FENCECHECK_AGENT, or the first line on stdin when that is `-`. */
async function configText(lines: LineReader): Promise<string | undefined> {
  const env = process.env.FENCECHECK_AGENT;
  if (env !== AGENT_CONFIG_ON_STDIN) return env;
  const first = await lines.first();
  if (first === undefined) throw new Error("Cannot configure the agent: stdin ended before its configuration line");
  return first;
}

async function openSession(lines: LineReader): Promise<AgentSession> {
  const config = parseAgentConfig(await configText(lines));
  const adapter = await loadLockAdapter(config.lockAdapter);
  const lock = await adapter.connect({ endpoints: config.lockEndpoints, clientId: config.clientId });
  // Storage requests and releases get the acquire timeout as their budget.
  const storageOptions = { endpoints: config.storageEndpoints, timeoutMs: Math.max(config.acquireTimeoutMs, 500) };
  const backend = storageKinds().find((k) => k.name === config.storageKind)?.backend;
  // The AWS SDK takes a quarter of a second to load: only agents writing to S3 load it.
  const storage = backend?.kind === "s3"
    ? (await import("../adapters/s3-storage-client.js")).createS3StorageClient({ ...storageOptions, conditional: backend.mode === "s3-conditional" })
    : createStorageClient(storageOptions);
  const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  const clock = createSystemClock();
  const selfFence = (reason: string): never => {
    process.stderr.write(`self-fencing: ${reason}; exiting\n`);
    process.exit(70);
  };
  return agentSessionFor(config.workload ?? AGENT_DEFAULT_WORKLOAD)({ config, lock, storage, sleep, nowMs: () => clock.wallMs(), selfFence });
}

function parseLine(line: string): AgentRequest | AgentStopWaiting | undefined {
  try {
    const x = JSON.parse(line) as Partial<AgentRequest> & Partial<AgentStopWaiting>;
    if (typeof x.stopWaiting === "number") return { stopWaiting: x.stopWaiting };
    return typeof x.id === "number" && typeof x.f === "string" ? { id: x.id, f: x.f, value: x.value } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Answers requests one at a time, in order, while still reading stdin: a
 * `stopWaiting` line for the request in hand (or one not started yet)
 * aborts its stop-waiting signal at once. Resolves once stdin has ended
 * and every request read has been answered.
 */
async function serve(session: AgentSession, lines: LineReader): Promise<void> {
  const stops = new Map<number, AbortController>();
  let answered = 0;
  function stopFor(id: number): AbortController {
    const known = stops.get(id);
    if (known) return known;
    const created = new AbortController();
    stops.set(id, created);
    return created;
  }
  let queue = Promise.resolve();
  function onLine(line: string): void {
    if (line.trim() === "") return;
    const message = parseLine(line);
    if (!message) {
      logToStderr(`ignoring a line that is not a request: ${line.slice(0, 200)}`);
    } else if ("stopWaiting" in message) {
      if (message.stopWaiting > answered) stopFor(message.stopWaiting).abort();
    } else {
      const stop = stopFor(message.id);
      queue = queue.then(async () => {
        emit(await session.handle(message, stop.signal));
        stops.delete(message.id);
        answered = Math.max(answered, message.id);
      });
    }
  }
  await lines.each(onLine);
  await queue;
}

async function main(): Promise<void> {
  console.log = logToStderr;
  console.info = logToStderr;
  const lines = readLines(process.stdin);
  let session: AgentSession;
  try {
    session = await openSession(lines);
  } catch (error) {
    emit({ ready: false, error: messageOf(error) });
    process.exit(1);
  }
  emit({ ready: true });
  // A client library's own promise that nobody awaits (ioredis's retries given up while a node is
  // cut off, under redis-semaphore's refresh timer) rejects outside any op: Node would end the
  // agent, and the op in hand would be lost with its process. The op in hand still ends by its
  // deadline, so the agent logs the rejection and goes on serving.
  process.on("unhandledRejection", (reason) => logToStderr(`a client library's promise was rejected outside any op (ignored): ${messageOf(reason)}`));
  await serve(session, lines);
  await session.close().catch((error: unknown) => logToStderr(`close failed: ${messageOf(error)}`));
  process.exit(0);
}

void main();
