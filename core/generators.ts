/**
 * A few generator combinators, in the spirit of jepsen.generator. Each is a
 * pure value: asking for an op never changes the generator; the returned
 * successor carries any change.
 */
import type { GenContext, GenResult, Generator, OpRequest } from "./generator.js";
import type { Op, ProcessId } from "./op.js";

/** A generator that never emits anything. */
export const emptyGenerator: Generator = { op: () => undefined, update: (_ctx, _e) => emptyGenerator };

/**
 * Runs generators side by side. Asked for an op, it asks each child and
 * returns the one that is due soonest; on a tie, the earlier child wins, so
 * put the nemesis first when its ops must go out before clients react.
 * Every event is passed to every child. Exhausted when all children are.
 */
export function anyOf(...gens: readonly Generator[]): Generator {
  return {
    op(ctx) {
      let best: { at: number; index: number; result: readonly [OpRequest, Generator] } | undefined;
      let pending = false;
      gens.forEach((gen, index) => {
        const result = gen.op(ctx);
        if (result === undefined) return;
        if (result === "pending" || (ctx.healOnly && !ctx.healOnly.has(result[0].f))) {
          pending = true;
          return;
        }
        const at = result[0].time ?? ctx.time;
        if (!best || at < best.at) best = { at, index, result };
      });
      if (!best) return pending ? "pending" : undefined;
      const chosen = best;
      const next = gens.map((g, i) => (i === chosen.index ? chosen.result[1] : g));
      return [chosen.result[0], anyOf(...next)];
    },
    update(ctx, event) {
      return anyOf(...gens.map((g) => g.update(ctx, event)));
    },
  };
}

/** Emits `gen`'s ops until harness time `untilNs`; exhausted after that. */
export function timeLimit(untilNs: number, gen: Generator): Generator {
  return {
    op(ctx) {
      if (ctx.time >= untilNs) return undefined;
      const result = gen.op(ctx);
      if (result === undefined || result === "pending") return result;
      if ((result[0].time ?? ctx.time) >= untilNs) return undefined;
      return [result[0], timeLimit(untilNs, result[1])];
    },
    update: (ctx, event) => timeLimit(untilNs, gen.update(ctx, event)),
  };
}

/**
 * Emits each request once, in order, each to whichever client process is
 * free (the request's own `process` is ignored). `eachUntilOk` with one try.
 */
export function eachOnce(requests: readonly Omit<OpRequest, "process">[]): Generator {
  return eachUntilOk(requests, 1);
}

/**
 * Final reads: each request in order to whichever client process is free
 * (its own `process` is ignored); one that completes other than ok (its
 * agent died, storage did not answer) goes out again at the end of the
 * line, `tries` times in all, so one lost client does not leave a
 * resource's final state unknown. Exhausted once every request has had an
 * ok or its last try has completed.
 */
export function eachUntilOk(requests: readonly Omit<OpRequest, "process">[], tries: number): Generator {
  return untilOk(requests.map((request) => ({ request, left: tries })), new Map());
}

interface Try {
  readonly request: Omit<OpRequest, "process">;
  /** Tries left, this one included. */
  readonly left: number;
}

function untilOk(line: readonly Try[], sent: ReadonlyMap<ProcessId, Try>): Generator {
  return {
    op(ctx: GenContext): GenResult {
      const [first, ...rest] = line;
      if (!first) return sent.size === 0 ? undefined : "pending";
      const process = firstFreeClient(ctx.freeProcesses);
      if (process === undefined) return "pending";
      return [{ ...first.request, process }, untilOk(rest, new Map(sent).set(process, first))];
    },
    update(_ctx: GenContext, event: Op) {
      const tried = sent.get(event.process);
      if (tried === undefined || event.type === "invoke") return untilOk(line, sent);
      const after = new Map(sent);
      after.delete(event.process);
      const again = event.type !== "ok" && tried.left > 1;
      return untilOk(again ? [...line, { ...tried, left: tried.left - 1 }] : line, after);
    },
  };
}

/** The lowest free client process, if any. */
export function firstFreeClient(free: ReadonlySet<ProcessId>): number | undefined {
  let best: number | undefined;
  for (const p of free) if (typeof p === "number" && (best === undefined || p < best)) best = p;
  return best;
}

/**
 * A nemesis schedule cut at `untilNs`: before then it passes everything;
 * after it, it starts no new fault but still emits the ops named in `healFs`
 * (resume, heal), at once rather than at their scheduled time (unless the
 * heal says `waitPastLimit`: then at its time, which its schedule bounds),
 * so a run never ends with a node left paused or cut off. Exhausted once
 * nothing is left to heal.
 */
export function faultsUntil(untilNs: number, healFs: ReadonlySet<string>, gen: Generator): Generator {
  return {
    op(ctx) {
      const result = gen.op(ctx.time < untilNs ? ctx : { ...ctx, healOnly: healFs });
      if (ctx.time < untilNs || result === undefined) return wrap(result);
      if (result === "pending") return ctx.freeProcesses.has("nemesis") ? undefined : "pending";
      if (!healFs.has(result[0].f)) return undefined;
      if (result[0].waitPastLimit) return [result[0], faultsUntil(untilNs, healFs, result[1])];
      const { time: _scheduled, ...now } = result[0];
      return [now, faultsUntil(untilNs, healFs, result[1])];
    },
    update: (ctx, event) => faultsUntil(untilNs, healFs, gen.update(ctx, event)),
  };

  function wrap(result: GenResult): GenResult {
    if (result === undefined || result === "pending") return result;
    if ((result[0].time ?? 0) >= untilNs && !healFs.has(result[0].f)) return undefined;
    return [result[0], faultsUntil(untilNs, healFs, result[1])];
  }
}
