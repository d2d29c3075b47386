/**
 * Test support: starts this package's programs (the services and the agent)
 * as real child processes on 127.0.0.1 and talks to them the way the harness
 * does. Used by the integration tests; kept out of the harness proper.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { entrypointPath } from "../entrypoints.js";
/** Starts a service with `args` and waits for its `listening host:port` line. */
export async function startServiceProcess(name, args) {
    const child = spawn(process.execPath, [entrypointPath(name), ...args], { stdio: ["ignore", "pipe", "pipe"] });
    const stderr = [];
    child.stderr?.on("data", (chunk) => stderr.push(chunk.toString()));
    const lines = createInterface({ input: child.stdout });
    const endpoint = await new Promise((resolve, reject) => {
        lines.once("line", (line) => resolve(line.replace(/^listening /, "")));
        child.once("exit", (code) => reject(new Error(`${name} exited with code ${code}: ${stderr.join("")}`)));
    });
    return { endpoint, child, stop: (signal) => stopChild(child, signal) };
}
/** Starts an agent with `config` in FENCECHECK_AGENT and waits for its hello line. */
export async function startAgentProcess(config) {
    const child = spawn(process.execPath, [entrypointPath("agent")], {
        stdio: ["pipe", "pipe", "pipe"],
        env: { ...process.env, FENCECHECK_AGENT: JSON.stringify(config) },
    });
    child.stderr?.resume();
    const pending = [];
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => pending.shift()?.resolve(line));
    // "close" comes after stdout is drained, so no line is lost to it.
    child.once("close", (code) => {
        for (const waiter of pending.splice(0))
            waiter.reject(new Error(`agent exited with code ${code} before answering`));
    });
    const nextLine = () => new Promise((resolve, reject) => pending.push({ resolve, reject }));
    const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    const hello = JSON.parse(await nextLine());
    let id = 0;
    return {
        child,
        hello,
        async request(f, value) {
            const reply = nextLine();
            child.stdin?.write(`${JSON.stringify({ id: ++id, f, value })}\n`);
            return JSON.parse(await reply);
        },
        async end() {
            child.stdin?.end();
            return exited;
        },
        stop: (signal) => stopChild(child, signal),
    };
}
function stopChild(child, signal = "SIGKILL") {
    if (child.exitCode !== null || child.signalCode !== null)
        return Promise.resolve();
    return new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill(signal);
    });
}
//# sourceMappingURL=program-process.js.map