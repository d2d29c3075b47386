/** The pages that span runs (matrix, scenarios, the store's index), and the report's one script (`serve` allows it by its hash), for the CLI. */
export { junitCasesXml, renderMatrixHtml, renderRunIndex, renderScenarioPage, TIMELINE_SCRIPT } from "../../reports/index.js";
export type { JunitCase, MatrixCell, MatrixIndexEntry, RunIndex, RunIndexEntry, ScenarioRow } from "../../reports/index.js";
