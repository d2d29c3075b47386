/**
 * One JSON request over HTTP with a per-request timeout. Any answer, whatever
 * its status, resolves; only a network error or a timeout rejects, and then
 * the caller cannot know whether the server acted on the request.
 *
 * A client op is one request, so the client's CPU per request sets how many
 * ops a run does: fetch (undici) cost about four times node:http's, and
 * node:http's client (agent, ClientRequest, header checks, a writev per
 * request) was still half of an agent's CPU. A client that sends many
 * requests uses `createJsonHttp`: plain HTTP/1.1 on its own kept-alive
 * connections (http-connection.ts), node:http for any URL that is not
 * `http://host:port/...`. One-off requests go through node:http.
 */
import { Agent, request as httpRequest } from "node:http";
import { createPool, type Pool } from "./connection-pool.js";
import { httpTarget, requestText, type HttpTarget } from "./http-connection.js";

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

/** A client's own pool of kept-alive connections. */
export interface JsonHttp {
  /** As `requestJson`, reusing an idle connection to the same server when there is one. */
  request(request: HttpJsonRequest): Promise<HttpJsonResponse>;
  /** Closes the idle connections. */
  close(): void;
}

/**
 * Idle connections close after this long: before Node servers' own 5 s
 * keep-alive timeout, so a request never races the server closing its socket.
 */
const IDLE_MS = 4_000;

/** Creates a connection pool for one client (one connection per server at a time is all an agent needs). */
export function createJsonHttp(): JsonHttp {
  const agent = new Agent({ keepAlive: true, timeout: IDLE_MS });
  const pool = createPool(IDLE_MS);
  return {
    request(request) {
      const target = httpTarget(request.url);
      return target ? sendPlain(request, target, pool) : send(request, agent);
    },
    close() {
      agent.destroy();
      pool.close();
    },
  };
}

/** As `send`, on a pooled plain connection. */
function sendPlain(request: HttpJsonRequest, target: HttpTarget, pool: Pool): Promise<HttpJsonResponse> {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const connection = pool.take(target);
    const once = settleOnce(request, reject, () => connection.socket.destroy());
    if (!once.watch()) return;
    connection.send(requestText(request.method, target, body), (answer) => {
      if (answer instanceof Error) return once.fail(false, causeOf(answer), answer);
      if (!once.finish()) return;
      if (answer.reusable) pool.give(target, connection);
      else connection.socket.destroy();
      resolve({ status: answer.status, body: parseOrUndefined(answer.text) });
    });
  });
}

/** One request's settling, shared by both senders: at most once, with its timer and the caller's signal. */
interface SettleOnce {
  /** Starts the timer and watches the signal; false when the signal had already aborted (the request failed). */
  watch(): boolean;
  /** Stops the timer and the watch; false when the request was already settled. */
  finish(): boolean;
  /** Settles as unanswered, cutting the request short. */
  fail(timedOut: boolean, why: string, cause?: unknown): void;
}

function settleOnce(request: HttpJsonRequest, reject: (error: Error) => void, cut: () => void): SettleOnce {
  const signal = request.signal;
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finish = (): boolean => {
    if (settled) return false;
    settled = true;
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    return true;
  };
  const fail = (timedOut: boolean, why: string, cause?: unknown): void => {
    if (!finish()) return;
    cut();
    reject(new HttpUnanswered(timedOut, `${request.method} ${request.url}: ${why}`, { cause }));
  };
  const onAbort = (): void => fail(true, `no answer within ${request.timeoutMs} ms or aborted`);
  return {
    watch() {
      timer = setTimeout(onAbort, request.timeoutMs);
      if (signal?.aborted) {
        onAbort();
        return false;
      }
      signal?.addEventListener("abort", onAbort, { once: true });
      return true;
    },
    finish,
    fail,
  };
}

/** Sends the request on a fresh connection; rejects with `HttpUnanswered` when no answer arrived in time. */
export function requestJson(request: HttpJsonRequest): Promise<HttpJsonResponse> {
  return send(request, false);
}

function send(request: HttpJsonRequest, agent: Agent | false): Promise<HttpJsonResponse> {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers = body === undefined ? {} : { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) };
    const once = settleOnce(request, reject, () => req.destroy());
    const req = httpRequest(request.url, { method: request.method, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        if (once.finish()) resolve({ status: res.statusCode ?? 0, body: parseOrUndefined(text) });
      });
      res.on("error", (error) => once.fail(false, causeOf(error), error));
    });
    req.on("error", (error) => once.fail(false, causeOf(error), error));
    if (once.watch()) req.end(body);
  });
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function causeOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string") return code;
  return error instanceof Error ? error.message : String(error);
}
