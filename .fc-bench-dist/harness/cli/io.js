export {};
//# sourceMappingURL=io.js.map