/**
 * A tiny JSON-over-HTTP server shared by our Node services. A service is a
 * route function from a parsed request to a status and a JSON body; this
 * file owns the sockets, body parsing, terse request logging and the
 * `listening <host>:<port>` line the harness and tests wait for.
 */
import { createServer } from "node:http";
const MAX_BODY_BYTES = 1 << 20;
/**
 * Starts the server and resolves once it listens, after printing exactly one
 * line `listening <host>:<port>` to stdout (the actual port when `port` is 0)
 * unless `announce` takes it.
 */
export async function serveJson(route, options) {
    const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
    const server = createServer((req, res) => {
        readBody(req).then((text) => {
            const answer = answerRequest(route, req, text);
            log(`${req.method} ${req.url} -> ${answer.status}${answer.log ? ` ${answer.log}` : ""}`);
            res.writeHead(answer.status, { "content-type": "application/json" });
            res.end(JSON.stringify(answer.body));
        }, (error) => {
            log(`${req.method} ${req.url} -> 400 ${String(error)}`);
            res.writeHead(400, { "content-type": "application/json" });
            res.end(JSON.stringify({ error: "bad-request" }));
        });
    });
    await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(options.port, options.host, () => resolve());
    });
    const address = server.address();
    const announce = options.announce ?? ((line) => process.stdout.write(`${line}\n`));
    announce(`listening ${options.host}:${address.port}`);
    return server;
}
function answerRequest(route, req, text) {
    const url = new URL(req.url ?? "/", "http://service");
    let body;
    try {
        body = text.length > 0 ? JSON.parse(text) : undefined;
    }
    catch {
        return { status: 400, body: { error: "bad-json" } };
    }
    try {
        return route({ method: req.method ?? "GET", path: url.pathname, query: url.searchParams, body });
    }
    catch (error) {
        return { status: 500, body: { error: "internal" }, log: error instanceof Error ? error.message : String(error) };
    }
}
function readBody(req) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        let size = 0;
        req.on("data", (chunk) => {
            size += chunk.length;
            if (size > MAX_BODY_BYTES) {
                reject(new Error("body too large"));
                req.destroy();
            }
            else
                chunks.push(chunk);
        });
        req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        req.on("error", reject);
    });
}
/** Reads a string field of a JSON object body, or undefined. */
export function stringField(body, name) {
    const v = isRecord(body) ? body[name] : undefined;
    return typeof v === "string" && v.length > 0 ? v : undefined;
}
/** Reads a field of a JSON object body, whatever its type. */
export function field(body, name) {
    return isRecord(body) ? body[name] : undefined;
}
function isRecord(x) {
    return typeof x === "object" && x !== null && !Array.isArray(x);
}
/** Closes the server on SIGTERM/SIGINT and exits 0 (program entry points only). */
export function exitOnSignals(server) {
    for (const signal of ["SIGTERM", "SIGINT"]) {
        process.once(signal, () => {
            server.close();
            server.closeAllConnections();
            process.exit(0);
        });
    }
}
//# sourceMappingURL=serve-json.js.map