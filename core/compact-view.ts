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
  return new Proxy<Op[]>([], {
    get(target, key, receiver) {
      if (key === COMPACT) return compact;
      if (key === "length") return compact.length;
      const i = position(key);
      if (i !== undefined) return i < compact.length ? compact.get(i) : undefined;
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      const i = position(key);
      return i !== undefined ? i < compact.length : Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const i = position(key);
      if (i === undefined || i >= compact.length) return Reflect.getOwnPropertyDescriptor(target, key);
      return { value: compact.get(i), writable: false, enumerable: true, configurable: true };
    },
    ownKeys(target) {
      return [...Array.from({ length: compact.length }, (_, i) => String(i)), ...Reflect.ownKeys(target)];
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
