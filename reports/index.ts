/** Reports: stored run -> report model -> self-contained HTML. Pure. */
export * from "./stored-run.js";
export * from "./report-model.js";
export * from "./render-html.js";
export * from "./story.js";
export * from "./summary.js";
export * from "./findings.js";
export * from "./timeline.js";
export * from "./fault-periods.js";
export * from "./html-escape.js";
export * from "./scenario-page.js";
