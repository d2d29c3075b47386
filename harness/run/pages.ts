/** The pages that span runs (matrix, scenarios, the store's index), for the CLI. */
export { junitCasesXml, renderMatrixHtml, renderRunIndex, renderScenarioPage } from "../../reports/index.js";
export type { JunitCase, MatrixCell, MatrixIndexEntry, RunIndex, RunIndexEntry, ScenarioRow } from "../../reports/index.js";
