/**
 * The connection to a Docker engine, and whether it runs on this host.
 */
import Docker from "dockerode";
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
export declare function connectEngine(): DockerEngine;
/** Resolves when the engine answers a ping; throws "prerequisite.missing" otherwise. */
export declare function pingEngine(engine: DockerEngine, timeoutMs?: number): Promise<void>;
/** True when the engine answers a ping within `timeoutMs`. */
export declare function engineAnswers(engine: DockerEngine, timeoutMs?: number): Promise<boolean>;
