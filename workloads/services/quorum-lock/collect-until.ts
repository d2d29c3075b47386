/**
 * Gathers the answers of several concurrent requests and stops waiting as
 * soon as enough of them are in: a quorum protocol must not wait for a peer
 * that a partition (or a pause) keeps silent.
 */

/**
 * Resolves with one slot per promise, in order: its value, or undefined when
 * it rejected or had not settled yet. Resolves as soon as `enough(slots)` is
 * true after a settlement, or when all have settled. Never rejects.
 */
export function collectUntil<T>(
  promises: readonly Promise<T>[],
  enough: (slots: readonly (T | undefined)[]) => boolean,
): Promise<(T | undefined)[]> {
  const slots: (T | undefined)[] = promises.map(() => undefined);
  if (promises.length === 0) return Promise.resolve(slots);
  return new Promise((resolve) => {
    let settled = 0;
    let done = false;
    const settle = (): void => {
      settled++;
      if (done) return;
      if (settled === promises.length || enough(slots)) {
        done = true;
        resolve([...slots]);
      }
    };
    promises.forEach((p, i) => {
      p.then(
        (value) => {
          if (!done) slots[i] = value;
          settle();
        },
        () => settle(),
      );
    });
  });
}
