/** Where this package is installed, for runtimes that bring its programs to their nodes (mounted or deployed). */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The directory holding this package's package.json (dist/ and node_modules live there). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (dir !== dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "fencecheck") return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}
