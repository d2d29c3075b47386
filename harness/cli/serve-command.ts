/**
 * `fencecheck serve [store] [--port N]`: a local web page (127.0.0.1 only)
 * listing the store's runs coloured by verdict, each opening its report;
 * every other path serves a report-related file of the store as is.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFileSync, realpathSync } from "node:fs";
import { extname, resolve, sep } from "node:path";
import { Command } from "commander";
import { HarnessError } from "../../core/index.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { readStoreIndex } from "./store-index.js";
import { renderRunIndex } from "../run/index.js";

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8", ".json": "application/json", ".jsonl": "text/plain; charset=utf-8",
  ".xml": "application/xml", ".png": "image/png", ".log": "text/plain; charset=utf-8",
};

/** A running server. */
export interface StoreServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `store` on 127.0.0.1:`port` (0: any free port) until closed. */
export async function serveStore(store: string, port: number): Promise<StoreServer> {
  const root = resolve(store);
  const server = createServer((req, res) => handle(root, req, res));
  await new Promise<void>((ok, fail) => {
    server.once("error", (e) => fail(new HarnessError("config.invalid", `Cannot serve on port "${port}": ${e.message}`)));
    server.listen(port, "127.0.0.1", () => ok());
  });
  const address = server.address();
  const actual = typeof address === "object" && address !== null ? address.port : port;
  return { url: `http://127.0.0.1:${actual}/`, close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((ok) => {
    server.close(() => ok());
    server.closeAllConnections();
  });
}

function handle(root: string, req: IncomingMessage, res: ServerResponse): void {
  const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
  if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "text/plain", "Only GET");
  if (path === "/" || path === "/index.html") return send(res, 200, TYPES[".html"]!, renderRunIndex(readStoreIndex(root)));
  const type = TYPES[extname(path)];
  const file = resolve(root, `.${path}`);
  if (type === undefined || !inside(root, file)) return send(res, 404, "text/plain", "Not found");
  try {
    const real = realpathSync(file);
    if (!inside(realpathSync(root), real)) return send(res, 404, "text/plain", "Not found");
    return send(res, 200, type, readFileSync(real));
  } catch {
    return send(res, 404, "text/plain", "Not found");
  }
}

function inside(root: string, file: string): boolean {
  return file.startsWith(root + sep);
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
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
