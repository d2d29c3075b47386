/**
 * The clocks facet of a runtime whose fake clocks are `SkewableClocks`
 * (faketime.ts): a skew is set, then read back (`setSkewAndVerify`). Both
 * calls name a node the cluster does not have first ("config.invalid");
 * `setClock` is refused ("nemesis.unsupported-fault") on a cluster started
 * without the clock fault.
 */
import type { Clock, ClusterClocks, NodeId } from "../../../core/index.js";
import { setSkewAndVerify, type SkewableClocks } from "./faketime.js";

/** What the facet needs. */
export interface ClockFacetParts {
  /** Throws "config.invalid" for a node the cluster does not have. */
  readonly checkNode: (node: NodeId) => void;
  /** Whether the cluster was started with fake clocks (the "clock" fault). */
  readonly faked: boolean;
  readonly clocks: SkewableClocks;
  readonly clock: Pick<Clock, "wallMs" | "sleep">;
}

/** Creates the facet. */
export function clockFacet(parts: ClockFacetParts): ClusterClocks {
  const { checkNode, clocks, clock } = parts;
  return {
    async setClock(node, skew) {
      checkNode(node);
      await setSkewAndVerify(node, skew, parts.faked ? clocks : undefined, clock);
    },
    async readClock(node) {
      checkNode(node);
      return clocks.read(node);
    },
  };
}
