/**
 * The JSON the inline timeline script reads: every canvas track encoded
 * compactly (start times as deltas, ends as durations), the styles, the
 * fault shading and the focus window, all in microseconds.
 */
import { TRACK_STYLES, STYLE } from "./canvas-track.js";
/** Higher wins when several bars share a pixel column. */
const PRIORITY = {
    [STYLE.staleAccepted]: 9, [STYLE.fail]: 8, [STYLE.writeRejected]: 8, [STYLE.beliefExpired]: 7, [STYLE.info]: 6, [STYLE.writeUnknown]: 6,
    [STYLE.open]: 5, [STYLE.writeAccepted]: 3, [STYLE.ok]: 2, [STYLE.belief]: 2, [STYLE.acquiring]: 1,
};
function deltas(xs) {
    return xs.map((x, i) => x - (i === 0 ? 0 : (xs[i - 1] ?? 0)));
}
function encode(c) {
    const head = [c.lane, deltas(c.start)];
    const end = c.end;
    return end ? [...head, end.map((e, i) => e - (c.start[i] ?? 0)), c.style, c.label] : [...head, c.style, c.label];
}
function us(ns) {
    return Math.round(ns / 1e3);
}
/** The script's data as a JSON string safe inside `<script type="application/json">`. Pure. */
export function timelineDataJson(input) {
    const data = {
        styles: TRACK_STYLES,
        priority: TRACK_STYLES.map((_, i) => PRIORITY[i] ?? 0),
        end: us(input.end),
        shading: input.faults.map((f) => ({ start: us(f.start), end: us(f.end), color: f.color, label: f.label })),
        focus: input.focus ? { start: us(input.focus.start), end: us(input.focus.end) } : null,
        tracks: input.tracks.map((t) => ({ id: t.id, lanes: t.lanes, b: encode(t.bars), m: encode(t.marks) })),
    };
    return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
//# sourceMappingURL=timeline-data.js.map