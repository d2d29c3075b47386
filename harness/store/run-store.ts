/**
 * The run's folder in the store (DESIGN.md "How a user meets it"):
 *   <storeDir>/<name>/<start-time>-<options>/ config.json history.jsonl
 *   storage.jsonl nemesis.jsonl nodes/<id>/ results.json report.html
 * and <storeDir>/latest -> the newest run. The folder and every file in it
 * are this run's alone (run-folder.ts). History and nemesis lines are
 * written with one synchronous write each, as they happen, so a killed
 * harness leaves a readable, checkable history.
 */
import { closeSync, ftruncateSync, mkdirSync, writeSync } from "node:fs";
import { join } from "node:path";
import { encodeOp, type HarnessError, type Op, type RunConfig } from "../../core/index.js";
import { createRunFolder, openNewFile, pointLatest, writeError, writeWhole } from "./run-folder.js";

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
  /**
   * Appends one op to history.jsonl (and nemesis ops to nemesis.jsonl). A
   * write that fails (a full disk) is undone to the last whole line, and no
   * later op is written: the file stays a whole, checkable prefix.
   */
  appendOp(op: Op): void;
  /** The first append that failed, naming its file. */
  readonly writeFailure: () => HarnessError | undefined;
  /** The folder for a node's logs and data. */
  nodeDir(node: string): string;
  /** Writes a file of the run folder atomically (write then rename). */
  writeFile(name: string, text: string): void;
  close(): void;
}

/** Creates the run's folder, writes config.json and points `latest` at it. */
export function openRunStore(config: RunConfig, startedAtMs: number): RunStore {
  const dir = createRunFolder(config, startedAtMs);
  mkdirSync(join(dir, RUN_FILES.nodes));
  writeWhole(join(dir, RUN_FILES.config), JSON.stringify(config, null, 2) + "\n");
  closeSync(openNewFile(join(dir, RUN_FILES.storage)));
  const history = openLog(join(dir, RUN_FILES.history));
  const nemesis = openLog(join(dir, RUN_FILES.nemesis));
  pointLatest(config.storeDir, dir);
  let open = true;
  let failure: HarnessError | undefined;
  return {
    dir,
    appendOp(op) {
      if (!open || failure) return;
      const line = encodeOp(op) + "\n";
      failure = history.append(line) ?? (op.process === "nemesis" ? nemesis.append(line) : undefined);
    },
    writeFailure: () => failure,
    nodeDir(node) {
      const d = join(dir, RUN_FILES.nodes, node);
      try {
        mkdirSync(d, { recursive: true });
      } catch (error) {
        throw writeError(d, error);
      }
      return d;
    },
    writeFile: (name, text) => writeWhole(join(dir, name), text),
    close() {
      if (!open) return;
      open = false;
      history.close();
      nemesis.close();
    },
  };
}

/** A log file of whole lines: an append either lands whole or is undone. */
interface LineLog {
  /** Returns the error (naming the file) when the line could not be written whole. */
  append(line: string): HarnessError | undefined;
  close(): void;
}

function openLog(path: string): LineLog {
  const fd = openNewFile(path);
  let size = 0;
  return {
    append(line) {
      const bytes = Buffer.from(line);
      try {
        const written = writeSync(fd, bytes, 0, bytes.length, size);
        if (written !== bytes.length) throw Object.assign(new Error("short write (no space left?)"), { code: "EIO" });
        size += written;
        return undefined;
      } catch (error) {
        try {
          ftruncateSync(fd, size);
        } catch {
          // the file keeps a cut-short last line, which readers drop
        }
        return writeError(path, error);
      }
    },
    close: () => closeSync(fd),
  };
}
