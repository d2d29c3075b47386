/**
 * Timelines drawn on a canvas by the report's inline script: lanes of bars
 * (intervals) and marks (instants), stored column-wise so that 100,000 ops
 * stay a few megabytes of JSON. Times are microseconds since the run
 * started; `style` indexes `TRACK_STYLES`.
 */
/** One drawing style: what it means and its colour. */
export interface TrackStyle {
    readonly name: string;
    readonly color: string;
}
/** The styles every track draws with; a bar or mark's `style` is an index here. */
export declare const TRACK_STYLES: readonly TrackStyle[];
/** Style indexes by meaning. */
export declare const STYLE: {
    readonly ok: 0;
    readonly fail: 1;
    readonly info: 2;
    readonly open: 3;
    readonly belief: 4;
    readonly beliefExpired: 5;
    readonly acquiring: 6;
    readonly writeAccepted: 7;
    readonly writeRejected: 8;
    readonly staleAccepted: 9;
    readonly writeUnknown: 10;
};
/** Intervals or instants, column-wise: entry i is (lane[i], start[i], end[i], style[i], label[i]). */
export interface TrackColumns {
    readonly lane: readonly number[];
    readonly start: readonly number[];
    /** Absent for marks. */
    readonly end?: readonly number[];
    readonly style: readonly number[];
    readonly label: readonly string[];
}
/** One canvas: lanes labelled top to bottom, bars and marks. */
export interface CanvasTrack {
    readonly id: string;
    readonly title: string;
    readonly lanes: readonly string[];
    readonly bars: TrackColumns;
    readonly marks: TrackColumns;
    /** The styles this track uses, for its legend. */
    readonly legend: readonly number[];
}
/** A growable TrackColumns (bars when `withEnd`). */
export interface ColumnsBuilder {
    add(lane: number, startNs: number, endNs: number | undefined, style: number, label: string): void;
    build(): TrackColumns;
}
/** Nanoseconds to whole microseconds. */
export declare function micros(ns: number): number;
/** A fresh builder; entries are kept sorted by start in `build()`. */
export declare function columnsBuilder(withEnd: boolean): ColumnsBuilder;
