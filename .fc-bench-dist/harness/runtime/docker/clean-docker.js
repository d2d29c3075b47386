/**
 * Removes what runs left on a Docker engine: every container and network
 * labelled `fencecheck.run` (of one run, or of all), and their clock files.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { RUN_LABEL, runLabelFilter } from "./docker-plan.js";
/**
 * Force-removes the labelled containers (their processes, iptables rules and
 * namespaces go with them), then the labelled networks. Idempotent: an
 * object that vanished meanwhile is not an error.
 */
export async function cleanDocker(engine, opts = {}) {
    const filters = runLabelFilter(opts.runId);
    const runs = new Set();
    const containers = await engine.docker.listContainers({ all: true, filters });
    await Promise.all(containers.map(async (info) => {
        runs.add(info.Labels[RUN_LABEL] ?? "");
        await engine.docker.getContainer(info.Id).remove({ force: true, v: true }).catch(ignoreGone);
    }));
    const networks = await engine.docker.listNetworks({ filters });
    await Promise.all(networks.map(async (info) => {
        runs.add(info.Labels?.[RUN_LABEL] ?? "");
        await engine.docker.getNetwork(info.Id).remove().catch(ignoreGone);
    }));
    const runIds = [...runs].filter((id) => id !== "");
    if (opts.stateDir !== undefined) {
        for (const id of opts.runId === undefined ? runIds : [opts.runId])
            rmSync(join(opts.stateDir, id), { recursive: true, force: true });
    }
    return {
        containers: containers.map((c) => (c.Names[0] ?? c.Id).replace(/^\//, "")),
        networks: networks.map((n) => n.Name),
        runs: runIds,
    };
}
function ignoreGone(error) {
    if (!/no such|not found|404|already in progress/i.test(String(error)))
        throw error;
}
//# sourceMappingURL=clean-docker.js.map