export {};
//# sourceMappingURL=agent-protocol.js.map