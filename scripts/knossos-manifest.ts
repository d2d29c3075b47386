/**
 * `node dist/scripts/knossos-manifest.js <knossos-checkout> <corpus-dir>`:
 * writes `<corpus-dir>/knossos/expected.tsv` for Knossos's test histories
 * (see scripts/bench/knossos-manifest.ts), to use with FENCECHECK_CORPUS.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { knossosManifest } from "./bench/knossos-manifest.js";

const [checkout, corpus] = process.argv.slice(2);
if (checkout === undefined || corpus === undefined) {
  process.stderr.write("usage: node dist/scripts/knossos-manifest.js <knossos-checkout> <corpus-dir>\n");
  process.exit(254);
}
try {
  const manifest = knossosManifest(checkout);
  const out = join(corpus, "knossos");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "expected.tsv"), manifest.text);
  process.stdout.write(`${join(out, "expected.tsv")}: ${manifest.rows} histories${manifest.skipped.length > 0 ? `; left out (no model): ${manifest.skipped.join(", ")}` : ""}\n`);
} catch (error) {
  process.stderr.write(`knossos-manifest: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(254);
}
