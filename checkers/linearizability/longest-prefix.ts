/**
 * The longest linearizable prefix a search has met, kept to explain an
 * illegal or unknown verdict: the operations linearized, those that could
 * not follow them, and the state after them.
 */
import type { Entries } from "./entries.js";
import { callModel } from "./model-call.js";
import type { PartitionOutcome } from "./search-types.js";

/** The op indexes of the first `top` call nodes of `stack`. */
export function opsOf(entries: Entries, stack: Int32Array, top: number): number[] {
  const out = new Array<number>(top);
  for (let k = 0; k < top; k++) out[k] = entries.op[stack[k]!]!;
  return out;
}

/** The longest prefix so far, as call nodes (a class: every search calls the same `record`). */
export class LongestPrefix<S> {
  /** How many calls the prefix holds. */
  top = 0;
  /** How many of them the search's stack still shares, so that a new record copies only the rest. */
  agree = 0;
  private stuck: number[] = [];

  constructor(
    private readonly entries: Entries,
    /** The prefix's call nodes (n words). */
    private readonly stack: Int32Array,
    private state: S,
  ) {}

  /**
   * Takes the search's stack (`top` calls of `calls`) as the longest prefix,
   * met at the return `returnNode`: stuck are the calls before the list's
   * first return and the operation that `returnNode` closes.
   */
  record(calls: Int32Array, top: number, returnNode: number, state: S): void {
    const { next, match, op } = this.entries;
    this.stack.set(calls.subarray(this.agree, top), this.agree);
    this.top = top;
    this.agree = top;
    const stuck: number[] = [];
    for (let n = next[0]!; n !== -1 && match[n] !== -1; n = next[n]!) stuck.push(op[n]!);
    const closing = op[returnNode]!;
    if (!stuck.includes(closing)) stuck.push(closing);
    this.stuck = stuck;
    this.state = state;
  }

  /** Forgets every record: the prefix is empty again, at `state`. */
  forget(state: S): void {
    this.top = 0;
    this.agree = 0;
    this.stuck = [];
    this.state = state;
  }

  /** The outcome of a search that ended illegal or unknown, explained by this prefix. */
  outcome(
    result: "illegal" | "unknown",
    describeState: (state: S) => string,
    configurations: number,
    reason?: "timeout" | "memory",
  ): PartitionOutcome {
    return {
      result,
      linearization: opsOf(this.entries, this.stack, this.top),
      stuck: result === "illegal" ? this.stuck : [],
      state: callModel(describeState, this.state),
      ...(reason === undefined ? {} : { reason }),
      configurations,
    };
  }
}
