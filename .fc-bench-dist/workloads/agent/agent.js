/**
 * Program entry of a client agent: `node agent.js`, configured by the JSON
 * `AgentConfig` in env FENCECHECK_AGENT. Prints the hello line
 * (`{"ready":true}`, or `{"ready":false,"error":"..."}` and exit 1), then
 * answers each `AgentRequest` line on stdin with one `AgentReply` line on
 * stdout, one request at a time. Nothing else goes to stdout (console.log is
 * sent to stderr, in case an adapter logs). On stdin end it closes the lock
 * client and exits 0.
 */
import { createInterface } from "node:readline";
import { createSystemClock, messageOf } from "../../harness/core/index.js";
import { loadLockAdapter } from "../adapters/load-lock-adapter.js";
import { createStorageClient } from "../adapters/storage-client.js";
import { parseAgentConfig } from "./agent-config.js";
import { createAgentSession } from "./agent-session.js";
function emit(line) {
    process.stdout.write(`${JSON.stringify(line)}\n`);
}
function logToStderr(...args) {
    process.stderr.write(`${args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ")}\n`);
}
async function openSession() {
    const config = parseAgentConfig(process.env.FENCECHECK_AGENT);
    const adapter = await loadLockAdapter(config.lockAdapter);
    const lock = await adapter.connect({ endpoints: config.lockEndpoints, clientId: config.clientId });
    // Storage requests and releases get the acquire timeout as their budget.
    const storage = createStorageClient({ endpoints: config.storageEndpoints, timeoutMs: Math.max(config.acquireTimeoutMs, 500) });
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const clock = createSystemClock();
    const selfFence = (reason) => {
        process.stderr.write(`self-fencing: ${reason}; exiting\n`);
        process.exit(70);
    };
    return createAgentSession({ config, lock, storage, sleep, nowMs: () => clock.wallMs(), selfFence });
}
function parseRequest(line) {
    try {
        const x = JSON.parse(line);
        return typeof x.id === "number" && typeof x.f === "string" ? { id: x.id, f: x.f, value: x.value } : undefined;
    }
    catch {
        return undefined;
    }
}
async function serve(session) {
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
    for await (const line of lines) {
        if (line.trim() === "")
            continue;
        const request = parseRequest(line);
        if (!request) {
            logToStderr(`ignoring a line that is not a request: ${line.slice(0, 200)}`);
            continue;
        }
        emit(await session.handle(request));
    }
}
async function main() {
    console.log = logToStderr;
    console.info = logToStderr;
    let session;
    try {
        session = await openSession();
    }
    catch (error) {
        emit({ ready: false, error: messageOf(error) });
        process.exit(1);
    }
    emit({ ready: true });
    await serve(session);
    await session.close().catch((error) => logToStderr(`close failed: ${messageOf(error)}`));
    process.exit(0);
}
void main();
//# sourceMappingURL=agent.js.map