/**
 * When the fault a nemesis op started came to its end: the first `stop` op
 * of the same package after it, invoked (a restarted node may already answer
 * from here) and completed (the harness heard it done).
 */
import type { Op } from "../core/index.js";

/** Harness ns; undefined when the history has no such op. */
export interface FaultEnd {
  readonly endingAt: number | undefined;
  readonly endedAt: number | undefined;
}

/** The end of the fault `nemesis[index]` started, by `stop` ops whose value names `pkg` as its package. Pure. */
export function faultEnd(nemesis: readonly Op[], index: number, stop: string, pkg: unknown): FaultEnd {
  const after = nemesis.slice(index + 1).filter((o) => o.process === "nemesis" && o.f === stop && (o.value as { package?: unknown } | null)?.package === pkg);
  return { endingAt: after.find((o) => o.type === "invoke")?.time, endedAt: after.find((o) => o.type !== "invoke")?.time };
}
