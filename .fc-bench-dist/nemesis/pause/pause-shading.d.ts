/** How reports shade pause periods. */
import type { FaultShading } from "../../harness/core/index.js";
/** Pause periods run from a "pause" op to the "resume" of the same nodes. */
export declare const PAUSE_SHADING: FaultShading;
