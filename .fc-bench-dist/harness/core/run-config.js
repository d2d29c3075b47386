export {};
//# sourceMappingURL=run-config.js.map