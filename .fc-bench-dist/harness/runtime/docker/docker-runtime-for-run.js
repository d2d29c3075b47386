/**
 * The docker runtime as a run needs it: images by lock adapter, and the
 * package root, the store and a user's adapter module mounted at their
 * host paths so the harness's argv work unchanged inside containers.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDockerRuntime } from "./docker-runtime.js";
import { localImageTag } from "./images/image-specs.js";
/** The image that runs each role for a lock adapter: its service's image for lock nodes, node for the rest. Pure. */
export function dockerImagesFor(lockAdapter) {
    const service = {
        etcd: "etcd",
        zookeeper: "zookeeper",
        redis: "redis",
        "redis-token": "redis",
        redlock: "redis",
        postgres: "postgres",
    };
    return { lock: localImageTag(service[lockAdapter] ?? "node"), storage: localImageTag("node"), client: localImageTag("node") };
}
/** The directory holding this package's package.json (dist/ and node_modules live there). */
export function packageRoot() {
    let dir = dirname(fileURLToPath(import.meta.url));
    while (dir !== dirname(dir)) {
        const manifest = join(dir, "package.json");
        if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "fencecheck")
            return dir;
        dir = dirname(dir);
    }
    return process.cwd();
}
/** Creates the docker runtime for `config` (creates the store directory so it can be mounted). */
export function dockerRuntimeForRun(config, opts = {}) {
    mkdirSync(config.storeDir, { recursive: true });
    const adapterDir = isAbsolute(config.lock.adapter) ? [dirname(config.lock.adapter)] : [];
    return createDockerRuntime({
        ...(opts.engine ? { engine: opts.engine } : {}),
        images: dockerImagesFor(config.lock.adapter),
        mounts: { readOnly: [packageRoot(), ...adapterDir], readWrite: [config.storeDir] },
    });
}
//# sourceMappingURL=docker-runtime-for-run.js.map