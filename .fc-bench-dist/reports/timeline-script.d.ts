/**
 * The report's one inline script: draws every canvas track (see
 * canvas-track.ts) on a shared, zoomable time axis. Wheel zooms around the
 * cursor, dragging pans, double-click resets, toolbar buttons reset or jump
 * to the first violation. When a bar is narrower than two pixels it is
 * folded into a one-pixel column per lane that keeps the most severe style,
 * so 100,000 ops draw in a few milliseconds at any zoom. Hovering shows an
 * op's label. The script reads its data from `<script type="application/json" id="fc-data">`.
 */
/** The script's source (plain ES2017, no imports, no network). */
export declare const TIMELINE_SCRIPT: string;
