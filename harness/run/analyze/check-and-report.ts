/**
 * Jepsen's analyze!: check a recorded run and write results.json and
 * report.html into its folder (and JUnit XML where asked). Used at the end
 * of a run and by `analyze`, which works from the files alone. Each file is
 * written whole or not at all (a temporary file, then a rename): a full
 * disk leaves no cut-short results.json, and the verdict is still returned
 * with the error naming the file, so `analyze` can write it later.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { HarnessError, isVacuous, type FaultShading, type HazardFindings, type Op, type RunConfig, type StorageRecord, type Validity } from "../../../core/index.js";
import { compose, countHazards } from "../../../checkers/index.js";
import { resolveNemesis } from "../../../nemesis/index.js";
import { findWorkload, type Workload } from "../../../workloads/index.js";
import { buildReportModel, junitXml, renderReportHtml } from "../../../reports/index.js";
import { readStorageLog, removeRunFile, RUN_FILES, writeError, writeWhole } from "../../store/index.js";
import { incompleteStorage, judgeIncompleteStorage } from "./incomplete-storage.js";

/** A recorded run to check. */
export interface RecordedRun {
  readonly config: RunConfig;
  readonly history: readonly Op[];
  readonly dir: string;
  /** Read from the run folder's storage.jsonl when not given. */
  readonly storage?: readonly StorageRecord[];
  /** Where to write JUnit XML (one test case per checker), when wanted. */
  readonly junitPath?: string;
  /** The run's workload (its checkers and report sections); resolved from the configuration when not given. */
  readonly workload?: Workload;
  /** How the report shades faults; resolved from the configuration when not given. */
  readonly shading?: readonly FaultShading[];
  /** Asked after each checker: a reason stops the check there, the checkers left give unknown (`compose`). */
  readonly stopReason?: () => string | undefined;
  /** Told as the check ends and as the report is written (`RunDeps.trace`). */
  readonly trace?: (phase: string) => void;
}

/** The verdict, each checker's result, and the hazards the run went through (checkers/hazards). */
export interface CheckedRun extends HazardFindings {
  readonly valid: Validity;
  /** One line saying why the verdict is unknown (see `runVerdict`), when it is. */
  readonly reason?: string;
  readonly results: Readonly<Record<string, unknown>>;
  /** Absent when report.html could not be written. */
  readonly reportPath?: string;
  /** Set when JUnit XML was written. */
  readonly junitPath?: string;
  /** The first file that could not be written (the files before it were). */
  readonly writeFailure?: HarnessError;
}

/** Checks the run, writes results.json, report.html (and JUnit XML if asked), and returns the verdict. */
export async function checkAndReport(run: RecordedRun): Promise<CheckedRun> {
  const storage = run.storage ?? readStorageLog(join(run.dir, RUN_FILES.storage));
  const workload = run.workload ?? findWorkload(run.config.workload.name);
  const missing = incompleteStorage(join(run.dir, RUN_FILES.storage));
  const checkers = missing === undefined ? workload.checkers(run.config) : judgeIncompleteStorage(workload.checkers(run.config), missing);
  const checked = await compose(checkers, run.stopReason ? { stopReason: run.stopReason } : {}).check({ config: run.config, history: run.history, storage });
  const plan = resolveNemesis(run.config);
  const shading = run.shading ?? plan.shading;
  const hazards = countHazards(run.history, { config: run.config, shading });
  const vacuous = isVacuous(checked.valid, hazards, plan.aims, plan.specs.length > 0);
  run.trace?.("checked");
  const verdict = { valid: checked.valid, ...(checked.reason !== undefined ? { reason: checked.reason } : {}), results: checked.results, hazards, vacuous, aims: plan.aims };
  const resultsPath = join(run.dir, RUN_FILES.results);
  const reportPath = join(run.dir, RUN_FILES.report);
  try {
    writeWhole(resultsPath, JSON.stringify({ ...checked, hazards, vacuous, aims: plan.aims }, null, 2) + "\n");
    // A check its memory bound stopped writes no report: building it would take more memory again
    // (10 million ops: 3.8 GB), and a report of an earlier check would contradict results.json.
    if (run.stopReason?.() !== undefined) {
      removeRunFile(reportPath);
      return verdict;
    }
    const model = buildReportModel({
      config: run.config,
      history: run.history,
      storage,
      results: { ...checked, hazards, vacuous, aims: plan.aims },
      shading,
    }, { sections: workload.reportSections });
    writeWhole(reportPath, renderReportHtml(model));
    run.trace?.("report written");
    if (run.junitPath === undefined) return { ...verdict, reportPath };
    writeJunit(run.junitPath, junitXml(model));
    return { ...verdict, reportPath, junitPath: run.junitPath };
  } catch (error) {
    if (!(error instanceof HarnessError)) throw error;
    return { ...verdict, writeFailure: error };
  }
}


function writeJunit(path: string, xml: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw writeError(dirname(path), error);
  }
  writeWhole(path, xml);
}
