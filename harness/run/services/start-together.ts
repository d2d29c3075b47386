/**
 * Starting several things at once (the lock nodes and the storage nodes)
 * so that a failure of one never leaves another's start running behind the
 * run's back: the run's error must not be a rejection nobody awaits, nor a
 * start that goes on after the cluster is stopped (a process spawned into a
 * stopped cluster outlives the run).
 */

/**
 * Resolves with every start's value once all resolved. When one rejects,
 * calls `cut` once (to end the other starts early: kill their processes),
 * waits until every start has settled, then rejects with the first
 * rejection in time, not in argument order: a start the cut ended fails
 * only because of it.
 */
export async function startTogether<T extends readonly unknown[]>(
  starts: { readonly [K in keyof T]: Promise<T[K]> },
  cut: () => Promise<void>,
): Promise<T> {
  let first: { readonly error: unknown } | undefined;
  let cutting: Promise<void> | undefined;
  const watched = starts.map((start) => start.catch((error: unknown) => {
    if (first === undefined) {
      first = { error };
      cutting = cut().catch(() => undefined);
    }
    throw error;
  }));
  const settled = await Promise.allSettled(watched);
  await cutting;
  if (first !== undefined) throw first.error;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
