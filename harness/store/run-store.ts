/**
 * The run's folder in the store (DESIGN.md "How a user meets it"):
 *   <storeDir>/<name>/<start-time>/ config.json history.jsonl storage.jsonl
 *   nemesis.jsonl nodes/<id>/ results.json report.html
 * and <storeDir>/latest -> the newest run. History and nemesis lines are
 * written with one synchronous write each, as they happen, so a killed
 * harness leaves a readable, checkable history.
 */
import { closeSync, mkdirSync, openSync, renameSync, symlinkSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { join, relative } from "node:path";
import { encodeOp, type Op, type RunConfig } from "../core/index.js";

/** File names inside a run folder. */
export const RUN_FILES = {
  config: "config.json",
  history: "history.jsonl",
  storage: "storage.jsonl",
  nemesis: "nemesis.jsonl",
  results: "results.json",
  report: "report.html",
  junit: "junit.xml",
  nodes: "nodes",
} as const;

/** An open run folder. */
export interface RunStore {
  readonly dir: string;
  /** Appends one op to history.jsonl (and nemesis ops to nemesis.jsonl). */
  appendOp(op: Op): void;
  /** The folder for a node's logs and data. */
  nodeDir(node: string): string;
  /** Writes a file of the run folder atomically (write then rename). */
  writeFile(name: string, text: string): void;
  close(): void;
}

/** Creates the run's folder, writes config.json and points `latest` at it. */
export function openRunStore(config: RunConfig, startedAtMs: number): RunStore {
  const stamp = new Date(startedAtMs).toISOString().replace(/[:]/g, "").replace(/\.\d+Z$/, "Z");
  const dir = join(config.storeDir, config.name, stamp);
  mkdirSync(join(dir, RUN_FILES.nodes), { recursive: true });
  writeAtomic(join(dir, RUN_FILES.config), JSON.stringify(config, null, 2) + "\n");
  writeFileSync(join(dir, RUN_FILES.storage), "", { flag: "a" });
  const history = openSync(join(dir, RUN_FILES.history), "a");
  const nemesis = openSync(join(dir, RUN_FILES.nemesis), "a");
  pointLatest(config.storeDir, dir);
  let open = true;
  return {
    dir,
    appendOp(op) {
      if (!open) return;
      const line = encodeOp(op) + "\n";
      writeSync(history, line);
      if (op.process === "nemesis") writeSync(nemesis, line);
    },
    nodeDir(node) {
      const d = join(dir, RUN_FILES.nodes, node);
      mkdirSync(d, { recursive: true });
      return d;
    },
    writeFile: (name, text) => writeAtomic(join(dir, name), text),
    close() {
      if (!open) return;
      open = false;
      closeSync(history);
      closeSync(nemesis);
    },
  };
}

function writeAtomic(path: string, text: string): void {
  writeFileSync(path + ".tmp", text);
  renameSync(path + ".tmp", path);
}

function pointLatest(storeDir: string, dir: string): void {
  const link = join(storeDir, "latest");
  try {
    unlinkSync(link);
  } catch {
    // no earlier link
  }
  symlinkSync(relative(storeDir, dir), link);
}
