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
export class HttpUnanswered extends Error {
  override readonly name = "HttpUnanswered";
  constructor(
    readonly timedOut: boolean,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Sends the request; rejects with `HttpUnanswered` when no answer arrived in time. */
export async function requestJson(request: HttpJsonRequest): Promise<HttpJsonResponse> {
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
  } catch (error) {
    const timedOut = signal.aborted;
    const why = timedOut ? `no answer within ${request.timeoutMs} ms or aborted` : causeOf(error);
    throw new HttpUnanswered(timedOut, `${request.method} ${request.url}: ${why}`, { cause: error });
  }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}
