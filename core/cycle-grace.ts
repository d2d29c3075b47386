/**
 * The clients' time limit, with one grace: a client the nemesis stopped in
 * the middle of its cycle (a pause aimed at a lease holder) finishes that
 * cycle after the limit. Its ops still go out until it would begin a new
 * cycle (an acquire), so the write it makes on waking, the stale write the
 * pause is there to provoke, happens and is recorded even when the pause
 * ends after the limit. Every other process gets nothing after the limit,
 * as with `timeLimit`. The grace lasts at most one cycle of that client
 * (its read, its hold and write, its release), each op bounded by the op
 * timeout; a client that retires (an `info`) leaves it, and so does one
 * whose thread has moved on to a later process: a pause aimed at a lease
 * whose holder had already retired (its agent killed, its lease not yet
 * expired) claims a process that will never run again, and waiting for it
 * held a one-hour soak's end forever.
 */
import type { GenContext, GenResult, Generator } from "./generator.js";
import type { Op, ProcessId } from "./op.js";

/** Which events put a client in grace. */
export interface CycleGrace {
  /** The client process an event stops in mid-cycle (a nemesis op aimed at it), if any. */
  claims(event: Op): number | undefined;
}

/** `gen`'s ops until `untilNs`; after it, only those of clients in grace, until each would begin a new cycle. */
export function timeLimitWithGrace(untilNs: number, gen: Generator, grace: CycleGrace): Generator {
  return limited(untilNs, gen, grace, new Set());
}

function limited(untilNs: number, gen: Generator, grace: CycleGrace, finishing: ReadonlySet<number>): Generator {
  return {
    op(ctx) {
      if (ctx.time < untilNs) {
        const result = gen.op(ctx);
        if (result === undefined || result === "pending") return result;
        if ((result[0].time ?? ctx.time) < untilNs) return [result[0], limited(untilNs, result[1], grace, finishing)];
        return finishing.size > 0 ? "pending" : undefined;
      }
      return graceOp(untilNs, gen, grace, finishing, ctx);
    },
    update: (ctx, event) => limited(untilNs, gen.update(ctx, event), grace, withoutRetired(inGrace(finishing, grace, event), [event.process], ctx.concurrency)),
  };
}

/** After the limit: the next op of a client in grace, "pending" while one is busy, exhausted once none is left. */
function graceOp(untilNs: number, gen: Generator, grace: CycleGrace, finishing: ReadonlySet<number>, ctx: GenContext): GenResult {
  const live = withoutRetired(finishing, ctx.freeProcesses, ctx.concurrency);
  if (live.size < finishing.size) return graceOp(untilNs, gen, grace, live, ctx);
  if (finishing.size === 0) return undefined;
  const free = new Set([...ctx.freeProcesses].filter((p) => typeof p === "number" && finishing.has(p)));
  const busy = free.size < finishing.size;
  if (free.size === 0) return "pending";
  const result = gen.op({ ...ctx, freeProcesses: free });
  // A free client in grace that gets no op has nothing left to finish.
  if (result === undefined || result === "pending") return busy ? "pending" : undefined;
  const [request, next] = result;
  const process = request.process;
  if (typeof process !== "number" || !finishing.has(process)) return busy ? "pending" : undefined;
  if (request.f === "acquire") {
    const rest = new Set(finishing);
    rest.delete(process);
    return limited(untilNs, gen, grace, rest).op(ctx);
  }
  return [request, limited(untilNs, next, grace, finishing)];
}

/** The clients in grace after `event`: a claimed one joins; one that begins a new cycle or retires leaves. */
function inGrace(finishing: ReadonlySet<number>, grace: CycleGrace, event: Op): ReadonlySet<number> {
  const claimed = grace.claims(event);
  if (claimed !== undefined && !finishing.has(claimed)) return new Set([...finishing, claimed]);
  if (typeof event.process !== "number" || !finishing.has(event.process)) return finishing;
  const leaves = (event.type === "invoke" && event.f === "acquire") || event.type === "info";
  if (!leaves) return finishing;
  const rest = new Set(finishing);
  rest.delete(event.process);
  return rest;
}

/**
 * `finishing` without the processes whose thread has a later process among
 * `seen` (a free process, or the process of an event): each thread runs one
 * process at a time, and a retired process's successor is `process + concurrency`.
 */
function withoutRetired(finishing: ReadonlySet<number>, seen: Iterable<ProcessId>, concurrency: number): ReadonlySet<number> {
  if (finishing.size === 0) return finishing;
  let rest: Set<number> | undefined;
  for (const p of seen) {
    if (typeof p !== "number") continue;
    for (const f of finishing) {
      if (p > f && p % concurrency === f % concurrency) (rest ??= new Set(finishing)).delete(f);
    }
  }
  return rest ?? finishing;
}
