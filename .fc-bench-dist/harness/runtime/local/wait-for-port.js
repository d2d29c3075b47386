/**
 * Waits until a node's service accepts TCP connections on its address.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { HarnessError } from "../../core/index.js";
import { namespaceExecArgv } from "./namespaces.js";
const PROBE_INTERVAL_S = 0.02;
const LOG_TAIL_LINES = 20;
/** The bash loop that connects from inside the namespace until it succeeds (pure). */
export function portProbeScript(host, port) {
    return `until { : <>/dev/tcp/${host}/${port}; } 2>/dev/null; do sleep ${PROBE_INTERVAL_S}; done`;
}
/**
 * Resolves once `probe.port` accepts a connection made from inside the
 * node's namespace. Rejects with "runtime.node-start-failed" when the
 * process exits first (naming its exit code or signal) or the time runs
 * out; the message ends with the last lines of the process's log.
 */
export async function waitForPort(node, proc, probe) {
    const argv = namespaceExecArgv(probe.namespace, ["bash", "-c", portProbeScript(probe.host, probe.port)]);
    const child = spawn(argv[0], argv.slice(1), { stdio: "ignore" });
    const timer = new AbortController();
    const probed = new Promise((resolve) => {
        child.on("exit", (code) => resolve(code === 0 ? "ready" : "probe-failed"));
        child.on("error", () => resolve("probe-failed"));
    });
    const outcome = await Promise.race([
        probed,
        proc.exited,
        probe.clock.sleep(probe.timeoutMs, timer.signal).then(() => "timeout"),
    ]);
    timer.abort();
    if (child.exitCode === null)
        child.kill("SIGKILL");
    if (outcome === "ready")
        return;
    const why = outcome === "timeout"
        ? `port ${probe.port} not ready after ${probe.timeoutMs} ms`
        : outcome === "probe-failed"
            ? `cannot probe port ${probe.port}`
            : `process exited ${describeExit(outcome)} before port ${probe.port} was ready`;
    throw new HarnessError("runtime.node-start-failed", `Cannot start node "${node}": ${why}\n${logTail(proc.spec.logFile)}`);
}
/** "with code 1" or "on signal SIGKILL". */
export function describeExit(exit) {
    return exit.signal ? `on signal ${exit.signal}` : `with code ${exit.code}`;
}
function logTail(logFile) {
    try {
        const lines = readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-LOG_TAIL_LINES);
        return [`last lines of ${logFile}:`, ...lines].join("\n");
    }
    catch {
        return `no log at ${logFile}`;
    }
}
//# sourceMappingURL=wait-for-port.js.map