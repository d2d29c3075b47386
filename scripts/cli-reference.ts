/**
 * `node dist/scripts/cli-reference.js`: writes docs/reference/cli.md, every
 * command's `--help` (scripts/cli-reference/render.ts). Run it after
 * changing a command's options or description.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI_REFERENCE_PAGE, renderCliReference } from "./cli-reference/render.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

async function main(): Promise<void> {
  const path = join(ROOT, CLI_REFERENCE_PAGE);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, await renderCliReference());
  process.stdout.write(`wrote ${CLI_REFERENCE_PAGE}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
