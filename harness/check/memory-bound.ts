/**
 * The memory bound of a check, read from the process itself: past it the
 * search stops with unknown rather than run the machine out of memory or
 * die at V8's heap limit.
 */
import { createRequire } from "node:module";
import { memoryUsage } from "node:process";

/** Default bound of `fencecheck check` on resident memory: 2 GiB. */
export const DEFAULT_MAX_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * True once the process's resident set passes `maxBytes`, or this thread's
 * heap passes 90% of V8's limit (so a bound above that limit still ends in
 * unknown, never in a crash).
 */
export function pastMemoryBound(maxBytes: number): boolean {
  if (memoryUsage.rss() > maxBytes) return true;
  // node:v8 is required here, not imported: a small check never polls, and loading it costs `fencecheck check` milliseconds.
  const heap = (createRequire(import.meta.url)("node:v8") as typeof import("node:v8")).getHeapStatistics();
  return heap.used_heap_size > 0.9 * heap.heap_size_limit;
}
