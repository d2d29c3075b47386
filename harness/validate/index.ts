/** The validation matrix (`fencecheck validate`): the table, its cells, running them, and what is shown. */
export * from "./validation-types.js";
export * from "./validation-table.js";
export * from "./validation-cells.js";
export * from "./cell-verdict.js";
export * from "./run-cell-process.js";
export * from "./run-validation.js";
export * from "./validation-output.js";
