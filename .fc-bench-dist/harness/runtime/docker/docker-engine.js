/**
 * The connection to a Docker engine, and whether it runs on this host.
 */
import Docker from "dockerode";
import { HarnessError, messageOf } from "../../core/index.js";
/**
 * Connects as the docker CLI would: DOCKER_HOST (tcp://, ssh://, unix://)
 * when set, the local socket otherwise (dockerode reads the environment
 * itself). Does not contact the engine: see `pingEngine`.
 */
export function connectEngine() {
    const docker = new Docker();
    const modem = docker.modem;
    if (modem.socketPath)
        return { docker, remote: false, address: `unix://${modem.socketPath}` };
    const port = modem.port === undefined ? "" : `:${modem.port}`;
    return { docker, remote: true, address: `${modem.protocol ?? "tcp"}://${modem.host ?? "?"}${port}` };
}
/** Resolves when the engine answers a ping; throws "prerequisite.missing" otherwise. */
export async function pingEngine(engine, timeoutMs = 3_000) {
    try {
        let timer;
        const late = new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        });
        await Promise.race([engine.docker.ping(), late]).finally(() => clearTimeout(timer));
    }
    catch (error) {
        throw new HarnessError("prerequisite.missing", `Cannot reach the Docker engine at "${engine.address}": ${messageOf(error)}`, { cause: error });
    }
}
/** True when the engine answers a ping within `timeoutMs`. */
export async function engineAnswers(engine, timeoutMs = 3_000) {
    return pingEngine(engine, timeoutMs).then(() => true, () => false);
}
//# sourceMappingURL=docker-engine.js.map