import type { Clock, Fault, NodeRole, Runtime } from "../../core/index.js";
import { type DockerEngine } from "./docker-engine.js";
/** Options for `createDockerRuntime`. */
export interface DockerRuntimeOptions {
    /** The engine; `connectEngine()` (DOCKER_HOST or the local socket) by default. */
    readonly engine?: DockerEngine;
    readonly clock?: Clock;
    /** The image of each role's containers; `fencecheck/node:local` by default. */
    readonly images?: Partial<Readonly<Record<NodeRole, string>>>;
    /**
     * Host paths mounted at the same path in every container: the package
     * root (dist/, node_modules) read-only, the store read-write.
     */
    readonly mounts: {
        readonly readOnly: readonly string[];
        readonly readWrite: readonly string[];
    };
    /** Host directory for the runs' clock files; `<tmpdir>/fencecheck-docker` by default. */
    readonly stateDir?: string;
    /** How long `stop` waits after SIGTERM before removing the containers; default 1000 ms. */
    readonly stopGraceMs?: number;
}
/** The faults on an engine of this host, and on a remote one. */
export declare const DOCKER_FAULTS: ReadonlySet<Fault>;
export declare const REMOTE_DOCKER_FAULTS: ReadonlySet<Fault>;
/** The default state directory of the docker runtime (clock files), for `fencecheck clean`. */
export declare function defaultDockerStateDir(): string;
/** Creates the docker runtime. `start` refuses a run id whose objects still exist. */
export declare function createDockerRuntime(opts: DockerRuntimeOptions): Runtime;
