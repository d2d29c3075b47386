/**
 * Program entry of a client agent: `node agent.js`, configured by the JSON
 * `AgentConfig` in env FENCECHECK_AGENT, or, when that is `-`, by the first
 * line on stdin (`AGENT_CONFIG_ON_STDIN`: the harness starts the process
 * while the services start, and sends the configuration once their
 * endpoints answer). Prints the hello line
 * (`{"ready":true}`, or `{"ready":false,"error":"..."}` and exit 1), then
 * answers each `AgentRequest` line on stdin with one `AgentReply` line on
 * stdout, one request at a time. When FENCECHECK_AGENT is `+`
 * (`AGENT_SHARED`), the process hosts several clients: each `AgentOpen`
 * line opens one (a hello with its session number answers it, and a client
 * that cannot start leaves the others running), and every line carries its
 * session's number. Nothing else goes to stdout (console.log is
 * sent to stderr, in case an adapter logs). A rejected promise no op awaits
 * is logged to stderr, not fatal. On stdin end it closes the lock client and
 * exits 0.
 */
import type { AgentHello, AgentOpen, AgentReply, AgentRequest, AgentStopWaiting } from "../../core/index.js";
import { AGENT_CONFIG_ON_STDIN, AGENT_SHARED, createSystemClock, messageOf } from "../../core/index.js";
import { loadLockAdapter } from "../adapters/load-lock-adapter.js";
import { createStorageClient } from "../adapters/storage-client.js";
import { storageKinds } from "../services/storage-kinds.js";
import { readLines, type LineReader } from "./stdin-lines.js";
import { parseAgentConfig } from "./agent-config.js";
import type { AgentSession } from "./agent-session.js";
import { AGENT_DEFAULT_WORKLOAD, agentSessionFor } from "./agent-sessions.js";
import { createSessionServer, type SessionServer } from "./session-server.js";

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

async function openSession(configJson: string | undefined): Promise<AgentSession> {
  const config = parseAgentConfig(configJson);
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

/** One stdin line: a shared host's session to open, a request, or a request's stop-waiting. */
type AgentLine =
  | { readonly kind: "open"; readonly session: number; readonly config: string }
  | { readonly kind: "request"; readonly request: AgentRequest }
  | { readonly kind: "stop"; readonly session: number | undefined; readonly id: number };

function parseLine(line: string): AgentLine | undefined {
  try {
    const x = JSON.parse(line) as Partial<AgentRequest> & Partial<AgentStopWaiting> & Partial<AgentOpen>;
    const session = typeof x.session === "number" ? x.session : undefined;
    if (session !== undefined && typeof x.open === "object" && x.open !== null) return { kind: "open", session, config: JSON.stringify(x.open) };
    if (typeof x.stopWaiting === "number") return { kind: "stop", session, id: x.stopWaiting };
    if (typeof x.id === "number" && typeof x.f === "string") {
      return { kind: "request", request: { ...(session !== undefined ? { session } : {}), id: x.id, f: x.f, value: x.value } };
    }
  } catch {
    // Not JSON: reported below like any line that is not a request.
  }
  return undefined;
}

/** The session a line is for (undefined: the one client of an unshared agent). */
function sessionOf(line: Exclude<AgentLine, { kind: "open" }>): number | undefined {
  return line.kind === "request" ? line.request.session : line.session;
}

/** Gives a request or stop-waiting line to `server`. */
function route(server: SessionServer, line: Exclude<AgentLine, { kind: "open" }>): void {
  if (line.kind === "request") server.request(line.request);
  else server.stopWaiting(line.id);
}

function ignore(line: string, why: string): void {
  logToStderr(`ignoring a line that ${why}: ${line.slice(0, 200)}`);
}

/** Serves the one client of an unshared agent; resolves once stdin has ended and every request read has been answered. */
async function serveOne(session: AgentSession, lines: LineReader): Promise<void> {
  const server = createSessionServer(session, emit);
  await lines.each((text) => {
    if (text.trim() === "") return;
    const line = parseLine(text);
    if (line === undefined || line.kind === "open") ignore(text, "is not a request");
    else route(server, line);
  });
  await server.drained();
  await session.close().catch((error: unknown) => logToStderr(`close failed: ${messageOf(error)}`));
}

/**
 * Serves a shared host's sessions side by side, each opened by its
 * `AgentOpen` line and answering with its own hello. Resolves once stdin
 * has ended, every request read has been answered and every session is
 * closed.
 */
async function serveShared(lines: LineReader): Promise<void> {
  const opened = new Map<number, Promise<{ session: AgentSession; server: SessionServer } | undefined>>();
  const ready = new Map<number, SessionServer>();
  async function open(number: number, config: string): Promise<{ session: AgentSession; server: SessionServer } | undefined> {
    try {
      const session = await openSession(config);
      const server = createSessionServer(session, emit, number);
      ready.set(number, server);
      emit({ session: number, ready: true });
      return { session, server };
    } catch (error) {
      emit({ session: number, ready: false, error: messageOf(error) });
      return undefined;
    }
  }
  await lines.each((text) => {
    if (text.trim() === "") return;
    const line = parseLine(text);
    if (line === undefined) return ignore(text, "is not a request");
    if (line.kind === "open") return void opened.set(line.session, open(line.session, line.config));
    const number = sessionOf(line);
    const server = number === undefined ? undefined : ready.get(number);
    if (server) return route(server, line);
    const opening = number === undefined ? undefined : opened.get(number);
    if (opening === undefined) return ignore(text, "names no open session");
    void opening.then((o) => o && route(o.server, line));
  });
  for (const o of await Promise.all(opened.values())) {
    if (!o) continue;
    await o.server.drained();
    await o.session.close().catch((error: unknown) => logToStderr(`close failed: ${messageOf(error)}`));
  }
}

async function main(): Promise<void> {
  console.log = logToStderr;
  console.info = logToStderr;
  const lines = readLines(process.stdin);
  // A client library's own promise that nobody awaits (ioredis's retries given up while a node is
  // cut off, under redis-semaphore's refresh timer) rejects outside any op: Node would end the
  // agent, and the op in hand would be lost with its process. The op in hand still ends by its
  // deadline, so the agent logs the rejection and goes on serving.
  const onStrayRejection = (reason: unknown): void => logToStderr(`a client library's promise was rejected outside any op (ignored): ${messageOf(reason)}`);
  if (process.env.FENCECHECK_AGENT === AGENT_SHARED) {
    process.on("unhandledRejection", onStrayRejection);
    await serveShared(lines);
    process.exit(0);
  }
  let session: AgentSession;
  try {
    session = await openSession(await configText(lines));
  } catch (error) {
    emit({ ready: false, error: messageOf(error) });
    process.exit(1);
  }
  emit({ ready: true });
  process.on("unhandledRejection", onStrayRejection);
  await serveOne(session, lines);
  process.exit(0);
}

void main();
