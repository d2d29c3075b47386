/**
 * The connection to a Docker engine, and whether it runs on this host.
 */
import { createRequire } from "node:module";
import type Docker from "dockerode";
import { HarnessError, messageOf } from "../../../core/index.js";

/**
 * dockerode (with ssh2 and grpc behind it) takes about 0.3 s to load: it is
 * required on first use, so a run on the local runtime never loads it.
 */
function loadDockerode(): typeof Docker {
  return createRequire(import.meta.url)("dockerode") as typeof Docker;
}

/** A Docker engine and where it is. */
export interface DockerEngine {
  readonly docker: Docker;
  /**
   * True when the engine is reached over tcp or ssh: its containers' PIDs and
   * network namespaces are not on this host, so host-side faults cannot work.
   */
  readonly remote: boolean;
  /** "unix:///var/run/docker.sock" or "tcp://host:2375", for messages. */
  readonly address: string;
}

/**
 * Connects as the docker CLI would: DOCKER_HOST (tcp://, ssh://, unix://)
 * when set, the local socket otherwise (dockerode reads the environment
 * itself). Does not contact the engine: see `pingEngine`.
 */
export function connectEngine(): DockerEngine {
  const DockerClient = loadDockerode();
  const docker = new DockerClient();
  const modem = docker.modem as unknown as { socketPath?: string | (() => string); host?: string; port?: number | string; protocol?: string };
  // docker-modem resolves the default local socket lazily, through a function.
  const socket = typeof modem.socketPath === "function" ? "/var/run/docker.sock" : modem.socketPath;
  if (socket) return { docker, remote: false, address: `unix://${socket}` };
  const port = modem.port === undefined ? "" : `:${modem.port}`;
  const scheme = modem.protocol === "ssh" ? "ssh" : "tcp";
  return { docker, remote: true, address: `${scheme}://${modem.host ?? "?"}${port}` };
}

/**
 * Resolves when the engine answers a ping; throws "prerequisite.missing"
 * otherwise. At the timeout the request is aborted too: an engine that
 * accepts the connection and never answers would otherwise hold it open,
 * and the process with it, after the error was printed.
 */
export async function pingEngine(engine: DockerEngine, timeoutMs = 3_000): Promise<void> {
  const abort = new AbortController();
  try {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no answer within ${timeoutMs} ms`));
        abort.abort();
      }, timeoutMs);
    });
    // dockerode takes the signal (docker-modem ends the request with it); its types do not say so.
    const docker = engine.docker as unknown as { ping(options: { abortSignal: AbortSignal }): Promise<unknown> };
    const ping = docker.ping({ abortSignal: abort.signal });
    ping.catch(() => undefined);
    await Promise.race([ping, late]).finally(() => clearTimeout(timer));
  } catch (error) {
    throw new HarnessError("prerequisite.missing", `Cannot reach the Docker engine at "${engine.address}": ${messageOf(error)}`, { cause: error });
  }
}

/** True when the engine answers a ping within `timeoutMs`. */
export async function engineAnswers(engine: DockerEngine, timeoutMs = 3_000): Promise<boolean> {
  return pingEngine(engine, timeoutMs).then(
    () => true,
    () => false,
  );
}
