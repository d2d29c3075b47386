export {};
//# sourceMappingURL=stored-run.js.map