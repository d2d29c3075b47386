/**
 * Program entry of the PostgreSQL storage proxy:
 *
 *   node main.js --host H --port P --mode fenced|unfenced --node ID
 *                --pg HOST:PORT --log FILE [--origin-ns N]
 *
 * Speaks the storage service's protocol (POST /write, GET /read, GET
 * /health) and forwards each request to PostgreSQL (pg-storage.ts). Every
 * decision is appended to FILE as a StorageRecord before it is answered.
 */
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import pg from "pg";
import { PG_SCHEMA, pgRead, pgWrite } from "./pg-storage.js";
function reply(res, status, body) {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
async function body(req) {
    let text = "";
    for await (const chunk of req)
        text += String(chunk);
    return JSON.parse(text || "{}");
}
/** Connects, retrying for up to 15 s while the server is still starting up. */
async function connectWithRetries(address) {
    const at = address.lastIndexOf(":");
    for (let attempt = 0;; attempt++) {
        const db = new pg.Client({ host: address.slice(0, at), port: Number(address.slice(at + 1)), user: "postgres", database: "postgres" });
        db.on("error", (error) => {
            process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`);
            process.exit(1);
        });
        try {
            await db.connect();
            return db;
        }
        catch (error) {
            await db.end().catch(() => undefined);
            if (attempt >= 150)
                throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
        }
    }
}
async function main() {
    const { values } = parseArgs({ options: {
            host: { type: "string", default: "127.0.0.1" }, port: { type: "string", default: "0" }, mode: { type: "string", default: "fenced" },
            node: { type: "string", default: "storage" }, pg: { type: "string" }, log: { type: "string" }, "origin-ns": { type: "string" },
        } });
    const mode = values.mode;
    if ((mode !== "fenced" && mode !== "unfenced") || !values.pg || !values.log) {
        throw new Error("Cannot start the PostgreSQL storage proxy: give --mode fenced|unfenced, --pg and --log");
    }
    const originNs = values["origin-ns"] === undefined ? process.hrtime.bigint() : BigInt(values["origin-ns"]);
    const db = await connectWithRetries(values.pg);
    await db.query(PG_SCHEMA);
    const log = values.log;
    const node = values.node;
    const now = () => Number(process.hrtime.bigint() - originNs);
    const server = createServer((req, res) => {
        const url = new URL(req.url ?? "/", "http://x");
        const handle = async () => {
            if (req.method === "GET" && url.pathname === "/health")
                return reply(res, 200, { ok: true });
            if (req.method === "GET" && url.pathname === "/read")
                return reply(res, 200, await pgRead(db, url.searchParams.get("key") ?? ""));
            if (req.method !== "POST" || url.pathname !== "/write")
                return reply(res, 404, { error: "not-found" });
            const b = await body(req);
            const token = typeof b.token === "string" && /^\d+$/.test(b.token) ? b.token : null;
            if (typeof b.key !== "string" || typeof b.value !== "string")
                return reply(res, 400, { error: "bad-request" });
            const record = await pgWrite(db, mode, { key: b.key, value: b.value, token, client: String(b.client ?? "") }, { node, now });
            appendFileSync(log, `${JSON.stringify(record)}\n`);
            reply(res, record.accepted ? 200 : 409, { accepted: record.accepted, highest: record.highest, ...(record.reason ? { reason: record.reason } : {}) });
        };
        handle().catch((error) => reply(res, 500, { error: String(error) }));
    });
    server.listen(Number(values.port), values.host, () => process.stdout.write(`listening ${values.host}:${values.port}\n`));
    for (const signal of ["SIGTERM", "SIGINT"])
        process.on(signal, () => process.exit(0));
}
main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
});
//# sourceMappingURL=main.js.map