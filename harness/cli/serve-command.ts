/**
 * `fencecheck serve [store] [--port N]`: a local web page (127.0.0.1 only)
 * listing the store's runs coloured by verdict, each opening its report;
 * every other path serves a report-related file of the store as is. What a
 * browser may see is decided in serve-policy.ts: only the server's own
 * Host, only the tool's pages as HTML, nosniff and a CSP on every answer.
 * A bad request (a path that does not decode) is answered 400, and no
 * request can end the server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFileSync, realpathSync } from "node:fs";
import { extname, relative, resolve, sep } from "node:path";
import { Command } from "commander";
import { HarnessError } from "../../core/index.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { readStoreIndex } from "./store-index.js";
import { renderRunIndex } from "../../reports/index.js";
import { filePolicy, isOwnHost, isToolPage, toolPagePolicy } from "./serve-policy.js";

const HTML = "text/html; charset=utf-8";
const TEXT = "text/plain; charset=utf-8";
const TYPES: Readonly<Record<string, string>> = {
  ".html": TEXT, ".json": "application/json", ".jsonl": TEXT, ".xml": "application/xml", ".png": "image/png", ".log": TEXT,
};

/** A running server. */
export interface StoreServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `store` on 127.0.0.1:`port` (0: any free port) until closed. */
export async function serveStore(store: string, port: number): Promise<StoreServer> {
  const root = resolve(store);
  let actual = port;
  const server = createServer((req, res) => {
    try {
      handle(root, actual, req, res);
    } catch {
      if (!res.headersSent) send(res, 500, TEXT, "Internal error");
      else res.destroy();
    }
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", (e) => fail(new HarnessError("config.invalid", `Cannot serve on port "${port}": ${e.message}`)));
    server.listen(port, "127.0.0.1", () => ok());
  });
  const address = server.address();
  actual = typeof address === "object" && address !== null ? address.port : port;
  return { url: `http://127.0.0.1:${actual}/`, close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((ok) => {
    server.close(() => ok());
    server.closeAllConnections();
  });
}

function handle(root: string, port: number, req: IncomingMessage, res: ServerResponse): void {
  if (!isOwnHost(req.headers.host, port)) return send(res, 421, TEXT, `Misdirected: this server answers only to 127.0.0.1:${port} and localhost:${port}`);
  if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, TEXT, "Only GET");
  const path = decodedPath(req.url);
  if (path === undefined) return send(res, 400, TEXT, "Bad path");
  if (path === "/" || path === "/index.html") return send(res, 200, HTML, renderRunIndex(readStoreIndex(root)));
  const file = resolve(root, `.${path}`);
  if (TYPES[extname(path)] === undefined || !inside(root, file)) return notFound(res);
  let real: string;
  let body: Buffer;
  try {
    const realRoot = realpathSync(root);
    real = realpathSync(file);
    if (!inside(realRoot, real)) return notFound(res);
    body = readFileSync(real);
    // Judged on where the file really is: a link named report.html to a service's page stays text.
    if (extname(real) === ".html" && isToolPage(relative(realRoot, real).split(sep).join("/"))) return send(res, 200, HTML, body);
  } catch {
    return notFound(res);
  }
  return send(res, 200, TYPES[extname(real)] ?? TEXT, body);
}

/** The request's path, decoded; undefined when it does not decode (`/%`) or holds a NUL. */
function decodedPath(url: string | undefined): string | undefined {
  try {
    const path = decodeURIComponent(new URL(url ?? "/", "http://localhost").pathname);
    return path.includes("\0") ? undefined : path;
  } catch {
    return undefined;
  }
}

function inside(root: string, file: string): boolean {
  return file.startsWith(root + sep);
}

function notFound(res: ServerResponse): void {
  send(res, 404, TEXT, "Not found");
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, {
    "content-type": type,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": type === HTML ? toolPagePolicy() : filePolicy(),
  });
  res.end(body);
}

/** Builds the `serve` command; it runs until Ctrl-C. */
export function serveCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return new Command("serve")
    .description("Serve a local page (127.0.0.1) listing the store's runs by verdict, each opening its report")
    .argument("[store]", "the store folder", "store")
    .option("--port <n>", "port to listen on (0: any free port)", "8080")
    .action(async (store: string, opts: { port: string }) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new HarnessError("config.invalid", `Cannot serve on port "${opts.port}": not a port number`);
      const server = await serveStore(resolve(ctx.cwd, store), port);
      ctx.io.out(`serving ${store} at ${server.url} (Ctrl-C to stop)\n`);
      await new Promise<void>((ok) => (ctx.signal.aborted ? ok() : ctx.signal.addEventListener("abort", () => ok(), { once: true })));
      await server.close();
      setExit(0);
    });
}
