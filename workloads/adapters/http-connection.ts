/**
 * Plain HTTP/1.1 over one kept-alive TCP connection, one request at a time:
 * what a client agent needs to talk to our storage and reference lock
 * services, at a fraction of node:http's CPU per request (one write of the
 * whole request; the answer read by Content-Length or chunks, or to the
 * connection's end). Only `http:` URLs with a port; `http-json.ts` sends
 * anything else through node:http.
 */
import { connect, type Socket } from "node:net";

/** Where one request goes: "host:port" and the path with its query. */
export interface HttpTarget {
  readonly hostPort: string;
  readonly host: string;
  readonly port: number;
  readonly path: string;
}

/** A finished answer; `reusable` is false when the connection must be closed. */
export interface RawAnswer {
  readonly status: number;
  readonly text: string;
  readonly reusable: boolean;
}

/** Splits "http://host:port/path" (IPv6 in brackets); undefined for anything else. */
export function httpTarget(url: string): HttpTarget | undefined {
  const m = /^http:\/\/(\[[^\]]+\]|[^/:@[\]]+):(\d+)(\/[^#]*)?$/.exec(url);
  if (!m) return undefined;
  const host = (m[1] as string).replace(/^\[(.*)\]$/, "$1");
  return { hostPort: `${m[1] as string}:${m[2] as string}`, host, port: Number(m[2]), path: m[3] ?? "/" };
}

/** The request's bytes: one string written at once. */
export function requestText(method: string, target: HttpTarget, body: string | undefined): string {
  const head = `${method} ${target.path} HTTP/1.1\r\nHost: ${target.hostPort}\r\nConnection: keep-alive\r\n`;
  if (body === undefined) return `${head}\r\n`;
  return `${head}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/**
 * Reads one answer from the bytes received so far: the answer once it is
 * whole, "more" while it is not, or an error for bytes that are not HTTP.
 * `ended` says the server closed the connection (an answer without a length
 * ends there).
 */
export function parseAnswer(bytes: Buffer, ended: boolean): RawAnswer | "more" | Error {
  const headEnd = bytes.indexOf("\r\n\r\n");
  if (headEnd < 0) return ended ? new Error("the connection closed before the answer's headers") : "more";
  const lines = bytes.toString("latin1", 0, headEnd).split("\r\n");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1];
  if (status === undefined) return new Error(`not an HTTP answer: ${(lines[0] ?? "").slice(0, 80)}`);
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim().toLowerCase());
  }
  const keepAlive = headers.get("connection") !== "close" && lines[0]?.startsWith("HTTP/1.1") === true;
  const start = headEnd + 4;
  const length = headers.get("content-length");
  if (length !== undefined) {
    const end = start + Number(length);
    if (!Number.isInteger(Number(length))) return new Error(`a bad Content-Length: ${length}`);
    if (bytes.length < end) return ended ? new Error("the connection closed inside the answer's body") : "more";
    return { status: Number(status), text: bytes.toString("utf8", start, end), reusable: keepAlive && bytes.length === end };
  }
  if (headers.get("transfer-encoding")?.includes("chunked")) return parseChunks(bytes, start, Number(status), keepAlive, ended);
  if (status === "204" || status === "304") return { status: Number(status), text: "", reusable: keepAlive && bytes.length === start };
  return ended ? { status: Number(status), text: bytes.toString("utf8", start), reusable: false } : "more";
}

function parseChunks(bytes: Buffer, start: number, status: number, keepAlive: boolean, ended: boolean): RawAnswer | "more" | Error {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = bytes.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(bytes.toString("latin1", at, lineEnd), 16);
    if (!Number.isFinite(size)) return new Error("a bad chunk size");
    if (size === 0) {
      const end = bytes.indexOf("\r\n\r\n", lineEnd);
      if (end < 0) break;
      return { status, text: Buffer.concat(parts).toString("utf8"), reusable: keepAlive && bytes.length === end + 4 };
    }
    if (bytes.length < lineEnd + 2 + size + 2) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return ended ? new Error("the connection closed inside a chunked answer") : "more";
}

/** One connection and the request it carries, if any. */
export interface HttpConnection {
  readonly socket: Socket;
  /** Sends the request; `done` gets the answer or the error that ended it. */
  send(text: string, done: (result: RawAnswer | Error) => void): void;
  /** True once the connection cannot carry another request. */
  closed(): boolean;
}

/** Opens a connection (Nagle off: a request is one write, its answer is awaited). */
export function openConnection(target: HttpTarget, onClose: () => void): HttpConnection {
  const socket = connect({ host: target.host, port: target.port, noDelay: true });
  let received: Buffer = Buffer.alloc(0);
  let pending: ((result: RawAnswer | Error) => void) | undefined;
  let closed = false;
  const settle = (result: RawAnswer | Error): void => {
    const done = pending;
    pending = undefined;
    received = Buffer.alloc(0);
    done?.(result);
  };
  const read = (ended: boolean): void => {
    if (!pending) return;
    const answer = parseAnswer(received, ended);
    if (answer !== "more") settle(answer);
  };
  socket.on("data", (chunk: Buffer) => {
    // Bytes nobody asked for: the connection is out of step, so it is not used again.
    if (!pending) return void socket.destroy();
    received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
    read(false);
  });
  socket.on("end", () => read(true));
  socket.on("error", (error) => settle(error));
  socket.on("close", () => {
    closed = true;
    settle(new Error("the connection closed before the answer"));
    onClose();
  });
  return {
    socket,
    send(text, done) {
      pending = done;
      socket.write(text);
    },
    closed: () => closed || socket.destroyed,
  };
}
