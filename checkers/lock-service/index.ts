/** The lock service's own promise: token order, double grants, availability, and the checker that reports them. */
export * from "./lock-service-checker.js";
export * from "./double-grants.js";
export * from "./token-order.js";
export * from "./availability.js";
