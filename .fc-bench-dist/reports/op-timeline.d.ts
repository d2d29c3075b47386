/**
 * The per-process op timeline for the canvas: one lane per worker, that is
 * per client node (a worker's successive process ids share its lane, as a
 * retired process's worker continues under a new id) plus the nemesis, one bar per op from
 * invoke to completion, coloured by completion type. Every op is kept; the
 * inline script aggregates when zoomed out.
 */
import { type History } from "../harness/core/index.js";
import { type CanvasTrack } from "./canvas-track.js";
/** Builds the op timeline of a history; `workers` is the run's client count. Pure. */
export declare function buildOpTimeline(history: History, workers: number): CanvasTrack;
