/**
 * `npm run docs`: writes every generated page of the docs (the reference
 * under docs/reference/, the index of docs/measurements/) from the code,
 * after `npm run build`. `--check` writes nothing: it names each page that
 * differs from what the code gives and exits 1 (the drift test,
 * scripts/docs/reference.test.ts, fails on the same).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generatedPages } from "./docs/reference-pages.js";
import { packageRootOf } from "./measurements/page.js";

async function main(): Promise<number> {
  const root = packageRootOf(dirname(fileURLToPath(import.meta.url)));
  const check = process.argv.includes("--check");
  let drifted = 0;
  for (const page of await generatedPages(root)) {
    const path = join(root, page.path);
    const same = existsSync(path) && readFileSync(path, "utf8") === page.text;
    if (same) continue;
    drifted++;
    if (check) {
      process.stdout.write(`${page.path} differs from what the code gives: run npm run docs\n`);
    } else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, page.text);
      process.stdout.write(`wrote ${page.path}\n`);
    }
  }
  if (drifted === 0) process.stdout.write("every generated page is up to date\n");
  return check && drifted > 0 ? 1 : 0;
}

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  return 255;
});
