/** How reports shade pause periods. */
import type { FaultShading } from "../../core/index.js";

/** Pause periods run from a "pause" op to the "resume" of the same nodes. */
export const PAUSE_SHADING: FaultShading = { start: "pause", stop: "resume", label: "pause", color: "#f4a261" };
