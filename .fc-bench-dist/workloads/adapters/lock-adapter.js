/**
 * The lock adapter contract (DESIGN.md, "Lock and storage adapters"). A
 * built-in adapter and a user's module have the same shape: a default export
 * with a `name`, an optional `service` that says how to start the lock
 * service on the lock nodes, and `connect`, which returns a client for one
 * logical process.
 */
export {};
//# sourceMappingURL=lock-adapter.js.map