import type { RootfsEntry } from "./collect-inputs.js";
/**
 * Creates a fresh directory holding `Dockerfile` (the template) and
 * `rootfs/` with every entry at its path, and returns the directory. Files
 * are written at their canonical host path (never through a symlink, so
 * nothing outside the stage is touched), and every symlink on the way is
 * recreated as on the host.
 */
export declare function stageRootfs(entries: readonly RootfsEntry[], template: string): string;
