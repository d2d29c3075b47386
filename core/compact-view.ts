/**
 * A `CompactHistory` seen as a `History` (a read-only array of ops), so
 * every checker and the report take it unchanged: reading element i
 * materializes op i anew (two reads give equal, not identical, objects:
 * code that keys maps by op must key them by position, as `indexedPairs`
 * gives it). Writes are refused. `compactOf` finds the columns behind a
 * view, for the few passes that read them directly (`indexedPairs`).
 */
import type { CompactHistory } from "./compact-history.js";
import type { Op } from "./op.js";

const COMPACT = Symbol("fencecheck.compact-history");

/** The array view of `compact`. */
export function historyView(compact: CompactHistory): readonly Op[] {
  return lazyArray(() => compact.length, (i) => compact.get(i), compact);
}

/**
 * A read-only array of `length()` elements whose element i is `at(i)`,
 * made when read; `columns` is what `compactOf` finds behind it.
 */
export function lazyArray<T>(length: () => number, at: (i: number) => T, columns?: CompactHistory): readonly T[] {
  return new Proxy<T[]>([], {
    get(target, key, receiver) {
      if (key === COMPACT) return columns;
      if (key === "length") return length();
      const i = position(key);
      if (i !== undefined) return i < length() ? at(i) : undefined;
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      const i = position(key);
      return i !== undefined ? i < length() : Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const i = position(key);
      if (i === undefined || i >= length()) return Reflect.getOwnPropertyDescriptor(target, key);
      return { value: at(i), writable: false, enumerable: true, configurable: true };
    },
    ownKeys(target) {
      return [...Array.from({ length: length() }, (_, i) => String(i)), ...Reflect.ownKeys(target)];
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}

/** The columns behind `history` when it is a `historyView`, else undefined. */
export function compactOf(history: readonly Op[]): CompactHistory | undefined {
  return (history as unknown as { [COMPACT]?: CompactHistory })[COMPACT];
}

/** A canonical array index ("0", "17") as a number; undefined for any other key. */
function position(key: string | symbol): number | undefined {
  if (typeof key !== "string") return undefined;
  const c = key.charCodeAt(0);
  if (c < 48 || c > 57) return undefined;
  const n = Number(key);
  return Number.isInteger(n) && String(n) === key ? n : undefined;
}
