export {};
//# sourceMappingURL=runtime.js.map