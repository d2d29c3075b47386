/**
 * Drives a nemesis generator the way the interpreter would, with no cluster:
 * each op is invoked at its scheduled time and completes `info` at once with
 * the value it was invoked with (or what `complete` returns). For unit tests
 * and for previewing a schedule. Pure.
 */
import { createRng, type Generator, type Op, type OpRequest } from "../../core/index.js";

/** Options of `driveSchedule`. */
export interface DriveOptions {
  /** Stop after this many nemesis ops. */
  readonly maxOps: number;
  /** Stop once harness time passes this (ns). */
  readonly untilNs?: number;
  /** Client events to feed the generator, in time order (aimed faults react to them). */
  readonly events?: readonly Op[];
  /**
   * When nothing is due, ask again this much later (until `untilNs`), as the
   * interpreter does while clients run; without it, driving stops there.
   */
  readonly pollNs?: number;
}

/** The nemesis invocations the generator makes, in order. */
export function driveSchedule(gen: Generator, opts: DriveOptions): OpRequest[] {
  const rng = createRng(0);
  const ctx = (time: number) => ({ time, freeProcesses: new Set(["nemesis" as const]), concurrency: 1, rng });
  const events = [...(opts.events ?? [])];
  const out: OpRequest[] = [];
  let time = 0;
  while (out.length < opts.maxOps) {
    const result = gen.op(ctx(time));
    const next = events[0];
    if (result === undefined || result === "pending") {
      if (!next && opts.pollNs !== undefined && time < (opts.untilNs ?? 0)) {
        time += opts.pollNs;
        continue;
      }
      if (!next) break;
      gen = gen.update(ctx(next.time), next);
      time = Math.max(time, next.time);
      events.shift();
      continue;
    }
    const [request, following] = result;
    const at = Math.max(time, request.time ?? time);
    if (next && next.time < at) {
      gen = gen.update(ctx(next.time), next);
      events.shift();
      continue;
    }
    if (opts.untilNs !== undefined && at > opts.untilNs) break;
    time = at;
    out.push(request);
    const invoke: Op = { index: 0, time, process: "nemesis", type: "invoke", f: request.f, value: request.value };
    gen = following.update(ctx(time), invoke).update(ctx(time), { ...invoke, type: "info" });
  }
  return out;
}
