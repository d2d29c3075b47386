import type { Clock } from "../../../core/index.js";
import type { ImageSpec } from "./image-specs.js";
/** One path of the image's root file system. */
export type RootfsEntry = {
    readonly kind: "file";
    readonly path: string;
    readonly mode: number;
    readonly size: number;
    readonly mtimeMs: number;
} | {
    readonly kind: "link";
    readonly path: string;
    readonly target: string;
} | {
    readonly kind: "dir";
    readonly path: string;
    readonly mode: number;
};
/** What a spec resolved to on this host. */
export interface CollectedInputs {
    /** Sorted by path; files are copied from the same path on the host. */
    readonly entries: readonly RootfsEntry[];
    /** Host paths the spec names that do not exist here. */
    readonly missing: readonly string[];
}
/**
 * Walks the spec's paths on the host. Throws "prerequisite.missing" when
 * `ldd` cannot find a library an ELF file needs.
 */
export declare function collectInputs(spec: ImageSpec, clock: Clock): Promise<CollectedInputs>;
