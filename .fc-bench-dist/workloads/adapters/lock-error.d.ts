/**
 * The error a lock client throws: a stable `code`, and `definite: true` only
 * when the call certainly had no effect (a `fail`); otherwise the agent
 * reports the op as indeterminate (`info`).
 */
/** Codes the built-in adapters use. */
export type LockErrorCode = "lock-busy" | "lease-lost" | "timeout" | "unavailable" | "bad-response";
/** An error from a lock client. */
export declare class LockError extends Error {
    readonly code: LockErrorCode;
    readonly definite: boolean;
    readonly name = "LockError";
    constructor(code: LockErrorCode, message: string, definite: boolean, options?: {
        cause?: unknown;
    });
}
/** Reads `code` and `definite` off anything thrown, the way the agent classifies it. */
export declare function classifyError(error: unknown): {
    readonly code: string;
    readonly definite: boolean;
};
