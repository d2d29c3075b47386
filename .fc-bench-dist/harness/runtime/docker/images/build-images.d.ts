import type { Clock } from "../../../core/index.js";
import type { DockerEngine } from "../docker-engine.js";
import type { ImageSpec } from "./image-specs.js";
/** What happened to one image. */
export interface ImageBuildResult {
    readonly name: string;
    /** `fencecheck/<name>:local` (also tagged with its inputs hash). */
    readonly tag: string;
    readonly status: "built" | "cached" | "skipped";
    readonly durationMs: number;
    /** Why it was skipped. */
    readonly reason?: string;
}
/** Options for `buildImages`. */
export interface BuildImagesOptions {
    /** Image names to build (their bases are built too); all known images by default. */
    readonly names?: readonly string[];
    /** Path of docker/offline/Dockerfile. */
    readonly templatePath: string;
    readonly clock: Clock;
    /** Rebuild even when the inputs hash matches an existing image. */
    readonly force?: boolean;
    readonly log?: (line: string) => void;
}
/**
 * Builds the asked images, bases first. An optional image whose inputs are
 * not installed is skipped; a missing input of another image throws
 * "prerequisite.missing"; a failed build throws "runtime.command-failed".
 */
export declare function buildImages(engine: DockerEngine, opts: BuildImagesOptions): Promise<ImageBuildResult[]>;
/** The specs named (and their bases), in dependency order. Throws "config.invalid" for an unknown name. */
export declare function selectSpecs(specs: readonly ImageSpec[], names: readonly string[] | undefined): ImageSpec[];
/** One line per image for the CLI: "node: built in 5120 ms (fencecheck/node:local)". */
export declare function describeResult(result: ImageBuildResult): string;
