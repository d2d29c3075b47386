/**
 * Jepsen's analyze!: check a recorded run and write results.json and
 * report.html into its folder (and JUnit XML where asked). Used at the end
 * of a run and by `analyze`, which works from the files alone.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { FaultShading, Op, RunConfig, StorageRecord, Validity } from "../core/index.js";
import { compose, lockCheckers } from "../../checkers/index.js";
import { resolveNemesis } from "../../nemesis/index.js";
import { buildReportModel, junitXml, renderReportHtml } from "../../reports/index.js";
import { readStorageLog, RUN_FILES } from "../store/index.js";

/** A recorded run to check. */
export interface RecordedRun {
  readonly config: RunConfig;
  readonly history: readonly Op[];
  readonly dir: string;
  /** Read from the run folder's storage.jsonl when not given. */
  readonly storage?: readonly StorageRecord[];
  /** Where to write JUnit XML (one test case per checker), when wanted. */
  readonly junitPath?: string;
  /** How the report shades faults; resolved from the configuration when not given. */
  readonly shading?: readonly FaultShading[];
}

/** The verdict and each checker's result. */
export interface CheckedRun {
  readonly valid: Validity;
  readonly results: Readonly<Record<string, unknown>>;
  readonly reportPath: string;
  /** Set when JUnit XML was written. */
  readonly junitPath?: string;
}

/** Checks the run, writes results.json, report.html (and JUnit XML if asked), and returns the verdict. */
export async function checkAndReport(run: RecordedRun): Promise<CheckedRun> {
  const storage = run.storage ?? readStorageLog(join(run.dir, RUN_FILES.storage));
  const checked = await compose(lockCheckers()).check({ config: run.config, history: run.history, storage });
  writeFileSync(join(run.dir, RUN_FILES.results), JSON.stringify(checked, null, 2) + "\n");
  const model = buildReportModel({
    config: run.config,
    history: run.history,
    storage,
    results: checked,
    shading: run.shading ?? resolveNemesis(run.config).shading,
  });
  const reportPath = join(run.dir, RUN_FILES.report);
  writeFileSync(reportPath, renderReportHtml(model));
  if (run.junitPath !== undefined) {
    mkdirSync(dirname(run.junitPath), { recursive: true });
    writeFileSync(run.junitPath, junitXml(model));
  }
  return { valid: checked.valid, results: checked.results, reportPath, ...(run.junitPath !== undefined ? { junitPath: run.junitPath } : {}) };
}
