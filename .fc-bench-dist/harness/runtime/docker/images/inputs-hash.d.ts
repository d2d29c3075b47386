import type { RootfsEntry } from "./collect-inputs.js";
import type { ImageSpec } from "./image-specs.js";
/**
 * A sha256 (hex) over the spec, the Dockerfile template, the base image's
 * id, and every entry's path, kind, mode, size, mtime and link target.
 * File contents are not read: a package upgrade changes size or mtime.
 */
export declare function inputsHash(spec: ImageSpec, entries: readonly RootfsEntry[], template: string, baseImageId: string): string;
