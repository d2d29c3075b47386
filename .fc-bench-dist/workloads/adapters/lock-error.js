/**
 * The error a lock client throws: a stable `code`, and `definite: true` only
 * when the call certainly had no effect (a `fail`); otherwise the agent
 * reports the op as indeterminate (`info`).
 */
/** An error from a lock client. */
export class LockError extends Error {
    code;
    definite;
    name = "LockError";
    constructor(code, message, definite, options) {
        super(message, options);
        this.code = code;
        this.definite = definite;
    }
}
/** Reads `code` and `definite` off anything thrown, the way the agent classifies it. */
export function classifyError(error) {
    const e = typeof error === "object" && error !== null ? error : {};
    return { code: typeof e.code === "string" ? e.code : "unknown", definite: e.definite === true };
}
//# sourceMappingURL=lock-error.js.map