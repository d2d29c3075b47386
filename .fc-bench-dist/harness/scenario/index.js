/** The seed's claims as runnable scenarios. */
export * from "./scenario.js";
export * from "./scenario-list.js";
export * from "./run-scenario.js";
export * from "./availability.js";
//# sourceMappingURL=index.js.map