/**
 * One JSON request over HTTP with a per-request timeout. Any answer, whatever
 * its status, resolves; only a network error or a timeout rejects, and then
 * the caller cannot know whether the server acted on the request.
 */
/** Thrown when no answer arrived: `timedOut` tells a timeout or abort from a network error. */
export class HttpUnanswered extends Error {
    timedOut;
    name = "HttpUnanswered";
    constructor(timedOut, message, options) {
        super(message, options);
        this.timedOut = timedOut;
    }
}
/** Sends the request; rejects with `HttpUnanswered` when no answer arrived in time. */
export async function requestJson(request) {
    const timeout = AbortSignal.timeout(request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    try {
        const response = await fetch(request.url, {
            method: request.method,
            signal,
            ...(request.body === undefined
                ? {}
                : { body: JSON.stringify(request.body), headers: { "content-type": "application/json" } }),
        });
        const text = await response.text();
        return { status: response.status, body: parseOrUndefined(text) };
    }
    catch (error) {
        const timedOut = signal.aborted;
        const why = timedOut ? `no answer within ${request.timeoutMs} ms or aborted` : causeOf(error);
        throw new HttpUnanswered(timedOut, `${request.method} ${request.url}: ${why}`, { cause: error });
    }
}
function parseOrUndefined(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
function causeOf(error) {
    const cause = error instanceof Error ? error.cause : undefined;
    if (typeof cause?.code === "string")
        return cause.code;
    if (typeof cause?.message === "string")
        return cause.message;
    return error instanceof Error ? error.message : String(error);
}
//# sourceMappingURL=http-json.js.map