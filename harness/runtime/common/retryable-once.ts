/**
 * Runs an idempotent clean-up (a cluster's stop) once however often it is
 * called: concurrent and later calls share the first call's promise, and a
 * failure clears it so that a later call tries again.
 */
export function retryableOnce(run: () => Promise<void>): () => Promise<void> {
  let pending: Promise<void> | undefined;
  return () => {
    pending ??= run().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
