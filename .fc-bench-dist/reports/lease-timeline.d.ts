/**
 * The lease timeline of each resource: per client, when it was acquiring,
 * when it believed it held the lease (split at the moment the lease had
 * certainly expired: grant + TTL), and each write as a mark coloured by
 * what storage answered, with its token. A belief lasts from the grant to
 * the release's invoke; a process that never released believes until the
 * end, or, once retired (an info or unanswered op), until its last op, as
 * in the lease-overlap checker.
 */
import { type History, type StorageRecord } from "../harness/core/index.js";
import { type CanvasTrack } from "./canvas-track.js";
/** What the lease timelines are built from. */
export interface LeaseTimelineInput {
    readonly history: History;
    readonly storage: readonly StorageRecord[];
    readonly ttlMs: number;
    /** The run's client count: lanes merge per worker when a resource has more than `maxLanes` processes. */
    readonly workers: number;
    readonly maxLanes?: number;
}
/** One canvas track per resource, in resource order. Pure. */
export declare function buildLeaseTimelines(input: LeaseTimelineInput): CanvasTrack[];
