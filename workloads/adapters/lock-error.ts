/**
 * The error a lock client throws: a stable `code`, and `definite: true` only
 * when the call certainly had no effect (a `fail`); otherwise the agent
 * reports the op as indeterminate (`info`).
 */

/** Codes the built-in adapters use. */
export type LockErrorCode = "lock-busy" | "lease-lost" | "timeout" | "unavailable" | "bad-response";

/** An error from a lock client. */
export class LockError extends Error {
  override readonly name = "LockError";
  constructor(
    readonly code: LockErrorCode,
    message: string,
    readonly definite: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Reads `code` and `definite` off anything thrown, the way the agent classifies it. */
export function classifyError(error: unknown): { readonly code: string; readonly definite: boolean } {
  const e = typeof error === "object" && error !== null ? (error as { code?: unknown; definite?: unknown }) : {};
  return { code: typeof e.code === "string" ? e.code : "unknown", definite: e.definite === true };
}
