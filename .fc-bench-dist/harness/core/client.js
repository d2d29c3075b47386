export {};
//# sourceMappingURL=client.js.map