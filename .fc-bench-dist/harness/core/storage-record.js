export {};
//# sourceMappingURL=storage-record.js.map