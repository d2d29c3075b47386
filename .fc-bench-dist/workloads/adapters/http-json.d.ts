/**
 * One JSON request over HTTP with a per-request timeout. Any answer, whatever
 * its status, resolves; only a network error or a timeout rejects, and then
 * the caller cannot know whether the server acted on the request.
 */
/** A request to send. */
export interface HttpJsonRequest {
    readonly method: "GET" | "POST";
    readonly url: string;
    readonly body?: unknown;
    /** The caller's signal; aborting it cuts the request short. */
    readonly signal?: AbortSignal;
    readonly timeoutMs: number;
}
/** A response: its status and decoded JSON body (undefined if not JSON). */
export interface HttpJsonResponse {
    readonly status: number;
    readonly body: unknown;
}
/** Thrown when no answer arrived: `timedOut` tells a timeout or abort from a network error. */
export declare class HttpUnanswered extends Error {
    readonly timedOut: boolean;
    readonly name = "HttpUnanswered";
    constructor(timedOut: boolean, message: string, options?: {
        cause?: unknown;
    });
}
/** Sends the request; rejects with `HttpUnanswered` when no answer arrived in time. */
export declare function requestJson(request: HttpJsonRequest): Promise<HttpJsonResponse>;
