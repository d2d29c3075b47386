import { namespaceExecArgv } from "./namespaces.js";
import { runCommand } from "./run-command.js";
import { probeScript } from "./traffic-rules.js";
/**
 * "connected" or "refused" when the destination answered (a refusal still
 * proves the path works), "timeout" when nothing came back in time.
 */
export async function probeConnection(probe) {
    const script = probeScript(probe.host, probe.port, probe.timeoutMs / 1000);
    const argv = namespaceExecArgv(probe.namespace, ["bash", "-c", script]);
    const result = await runCommand(argv, { clock: probe.clock, timeoutMs: probe.timeoutMs + 5_000 });
    if (result.exitCode === 0)
        return "connected";
    return result.exitCode === 124 || result.signal !== undefined ? "timeout" : "refused";
}
//# sourceMappingURL=probe-connection.js.map