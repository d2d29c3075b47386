/**
 * Reads a run folder back (for `analyze`): config, history and storage log,
 * each validated, with errors naming the file and line.
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import {
  CompactStorage,
  HarnessError,
  storageView,
  type History,
  type RunConfig,
  type StorageRecord,
} from "../../core/index.js";
import { forEachLine, readHistoryLines, type ReadHistoryOptions } from "./read-history-lines.js";
import { mergeUnmergedStorageLogs } from "./merge-storage-logs.js";
import { RUN_FILES } from "./run-store.js";

/** What a run folder holds, as data. */
export interface StoredRunFiles {
  readonly dir: string;
  readonly config: RunConfig;
  readonly history: History;
  readonly storage: readonly StorageRecord[];
}

/**
 * Reads and validates a run folder (a `latest` link is followed). The
 * history is read with `options` (a memory bound: `HistoryPastMemoryBound`
 * is thrown past it).
 */
export function readStoredRun(dirArg: string, options: Pick<ReadHistoryOptions, "pastBound"> = {}): StoredRunFiles {
  if (!existsSync(join(dirArg, RUN_FILES.config))) {
    throw new HarnessError("store.invalid", `Cannot read run "${dirArg}": it has no ${RUN_FILES.config}`);
  }
  const dir = realpathSync(dirArg);
  const config = readJson(join(dir, RUN_FILES.config)) as RunConfig;
  if (typeof config?.name !== "string" || typeof config?.workload !== "object") {
    throw new HarnessError("store.invalid", `Cannot read "${join(dir, RUN_FILES.config)}": not a fencecheck run configuration`);
  }
  // A run stopped between collecting its nodes' files and merging their storage logs still has them.
  mergeUnmergedStorageLogs(dir, RUN_FILES.storage);
  const historyPath = join(dir, RUN_FILES.history);
  const history = existsSync(historyPath) ? readHistoryLines(historyPath, options) : [];
  return { dir, config, history, storage: readStorageLog(join(dir, RUN_FILES.storage)) };
}

/**
 * Parses storage.jsonl (read in chunks, never as one string); a cut-short
 * last line (a killed storage node) is dropped. The records are kept as
 * columns (`CompactStorage`, core: an hour's million records in about 60 MB
 * instead of 270) and returned as its array view.
 */
export function readStorageLog(path: string): readonly StorageRecord[] {
  if (!existsSync(path)) return [];
  const out = new CompactStorage();
  forEachLine(path, 1 << 20, (line, n, last) => {
    if (line.trim() === "") return;
    let record: StorageRecord;
    try {
      record = JSON.parse(line) as StorageRecord;
    } catch {
      if (last) return;
      throw new HarnessError("input.invalid", `Cannot read "${path}" line ${n}: not JSON`);
    }
    out.append(record);
  });
  return storageView(out);
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new HarnessError("store.invalid", `Cannot read "${path}": not JSON`, { cause: error });
  }
}
