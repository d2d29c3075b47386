/**
 * A manifest for Knossos's own test histories (jepsen-io/knossos, `data/`),
 * so `bench:check` and the corpus test can take them beside porcupine's.
 * Verdicts and models as Knossos's tests read them (test/knossos/core_test.clj):
 * a history under `good/` is linearizable, under `bad/` it is not; the
 * cas-register starts at 0, the multi-register at {x 0, y 0}, the mutex free.
 * Folders of other models are left out and named.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

/** Knossos's model folders and how fencecheck names each with its initial value. */
const MODELS: Readonly<Record<string, string>> = {
  "cas-register": "cas-register:0",
  "multi-register": 'multi-register:{"x":0,"y":0}',
  mutex: "mutex",
};

/** What a Knossos checkout holds: the manifest's text and the folders it could not use. */
export interface KnossosManifest {
  readonly text: string;
  readonly rows: number;
  readonly skipped: readonly string[];
}

/** The manifest of `checkout` (a Knossos checkout, or its `data/` folder), with absolute paths. */
export function knossosManifest(checkout: string): KnossosManifest {
  const data = existsSync(join(checkout, "data")) ? join(checkout, "data") : checkout;
  const lines = ["# path\tmodel\texpected", "# Knossos data/: good/ linearizable, bad/ not (test/knossos/core_test.clj)"];
  const skipped: string[] = [];
  for (const folder of readdirSync(data, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    const model = MODELS[folder];
    if (model === undefined) {
      skipped.push(folder);
      continue;
    }
    for (const [kind, expected] of [["good", "ok"], ["bad", "illegal"]] as const) {
      const dir = join(data, folder, kind);
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).filter((f) => f.endsWith(".edn")).sort()) lines.push(`${resolve(dir, file)}\t${model}\t${expected}`);
    }
  }
  return { text: `${lines.join("\n")}\n`, rows: lines.length - 2, skipped };
}
