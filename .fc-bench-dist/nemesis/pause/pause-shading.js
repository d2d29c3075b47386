/** Pause periods run from a "pause" op to the "resume" of the same nodes. */
export const PAUSE_SHADING = { start: "pause", stop: "resume", label: "pause", color: "#f4a261" };
//# sourceMappingURL=pause-shading.js.map