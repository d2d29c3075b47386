/**
 * Jepsen's analyze!: check a recorded run and write results.json and
 * report.html into its folder (and JUnit XML where asked). Used at the end
 * of a run and by `analyze`, which works from the files alone.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { compose, lockCheckers } from "../../checkers/index.js";
import { nemesisPackage } from "../../nemesis/index.js";
import { buildReportModel, junitXml, renderReportHtml } from "../../reports/index.js";
import { readStorageLog, RUN_FILES } from "../store/index.js";
/** Checks the run, writes results.json, report.html (and JUnit XML if asked), and returns the verdict. */
export async function checkAndReport(run) {
    const storage = run.storage ?? readStorageLog(join(run.dir, RUN_FILES.storage));
    const checked = await compose(lockCheckers()).check({ config: run.config, history: run.history, storage });
    writeFileSync(join(run.dir, RUN_FILES.results), JSON.stringify(checked, null, 2) + "\n");
    const model = buildReportModel({
        config: run.config,
        history: run.history,
        storage,
        results: checked,
        shading: nemesisPackage(run.config).shading,
    });
    const reportPath = join(run.dir, RUN_FILES.report);
    writeFileSync(reportPath, renderReportHtml(model));
    if (run.junitPath !== undefined) {
        mkdirSync(dirname(run.junitPath), { recursive: true });
        writeFileSync(run.junitPath, junitXml(model));
    }
    return { valid: checked.valid, results: checked.results, reportPath, ...(run.junitPath !== undefined ? { junitPath: run.junitPath } : {}) };
}
//# sourceMappingURL=check-and-report.js.map