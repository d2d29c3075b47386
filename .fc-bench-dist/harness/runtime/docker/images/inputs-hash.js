/**
 * The hash that decides whether an image must be rebuilt: pure.
 */
import { createHash } from "node:crypto";
/**
 * A sha256 (hex) over the spec, the Dockerfile template, the base image's
 * id, and every entry's path, kind, mode, size, mtime and link target.
 * File contents are not read: a package upgrade changes size or mtime.
 */
export function inputsHash(spec, entries, template, baseImageId) {
    const hash = createHash("sha256");
    hash.update(JSON.stringify(spec));
    hash.update(template);
    hash.update(baseImageId);
    for (const entry of entries)
        hash.update(`${JSON.stringify(entry)}\n`);
    return hash.digest("hex");
}
//# sourceMappingURL=inputs-hash.js.map