import type { NodeRole, RunConfig, Runtime } from "../../core/index.js";
import type { DockerEngine } from "./docker-engine.js";
/** The image that runs each role for a lock adapter: its service's image for lock nodes, node for the rest. Pure. */
export declare function dockerImagesFor(lockAdapter: string): Record<NodeRole, string>;
/** The directory holding this package's package.json (dist/ and node_modules live there). */
export declare function packageRoot(): string;
/** Creates the docker runtime for `config` (creates the store directory so it can be mounted). */
export declare function dockerRuntimeForRun(config: RunConfig, opts?: {
    readonly engine?: DockerEngine;
}): Runtime;
