export {};
//# sourceMappingURL=nemesis.js.map