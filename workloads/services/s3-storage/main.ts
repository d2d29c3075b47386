/**
 * Program entry of the S3 storage node:
 *
 *   node main.js --host H --port P --mode s3|s3-conditional --node ID
 *                --data-dir D --log FILE [--origin-ns N]
 *
 * Runs an S3 API server from npm (@20minutes/s3rver, a maintained fork of
 * s3rver) on a port of its own, keeping objects under D, and in front of it
 * on H:P a pass-through that forwards every request unchanged (signature
 * included) and journals each PutObject's answer as a StorageRecord in FILE
 * before the client sees it (put-journal.ts). The server decides; this node
 * only writes down what it decided, and forwards one request at a time, so
 * that a GET never meets a PUT half done inside s3rver (put-journal.ts
 * says why). Prints `listening <host>:<port>`.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import { parseArgs } from "node:util";
import S3rver from "@20minutes/s3rver";
import { createPutJournal, createTurns, S3_BUCKET, type PutJournal, type Turns } from "./put-journal.js";

interface Upstream {
  readonly host: string;
  readonly port: number;
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingMessage["headers"];
  readonly body: Buffer;
}

async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function forward(up: Upstream, req: IncomingMessage, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const out = request({ host: up.host, port: up.port, method: req.method, path: req.url, headers: req.headers }, (res) => {
      readAll(res).then((b) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: b }), reject);
    });
    out.on("error", reject);
    out.end(body);
  });
}

function headEtag(up: Upstream, key: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const out = request({ host: up.host, port: up.port, method: "HEAD", path: `/${S3_BUCKET}/${encodeURIComponent(key)}` }, (res) => {
      res.resume();
      resolve(res.statusCode === 200 ? (res.headers.etag ?? null) : null);
    });
    out.on("error", reject);
    out.end();
  });
}

/** The key of a PutObject request (PUT /bucket/key with no sub-resource; the SDK adds x-id=PutObject), else undefined. */
function putKey(req: IncomingMessage): string | undefined {
  if (req.method !== "PUT" || !req.url) return undefined;
  const url = new URL(req.url, "http://s3");
  const prefix = `/${S3_BUCKET}/`;
  if ([...url.searchParams.keys()].some((k) => k !== "x-id")) return undefined;
  if (!url.pathname.startsWith(prefix) || url.pathname.length === prefix.length) return undefined;
  return decodeURIComponent(url.pathname.slice(prefix.length));
}

async function handle(up: Upstream, turns: Turns, journal: PutJournal, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readAll(req);
  const key = req.headers["x-amz-copy-source"] === undefined ? putKey(req) : undefined;
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v]));
  const answer = key === undefined ? await turns(() => forward(up, req, body)) : await journal({ key, headers, body: body.toString("utf8") }, () => forward(up, req, body));
  res.writeHead(answer.status, answer.headers).end(answer.body);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: {
    host: { type: "string", default: "127.0.0.1" }, port: { type: "string", default: "0" }, mode: { type: "string", default: "s3" },
    node: { type: "string", default: "storage" }, "data-dir": { type: "string" }, log: { type: "string" }, "origin-ns": { type: "string" },
  } });
  const mode = values.mode;
  const dataDir = values["data-dir"];
  const log = values.log;
  if ((mode !== "s3" && mode !== "s3-conditional") || !dataDir || !log) {
    throw new Error("Cannot start the S3 storage node: give --mode s3|s3-conditional, --data-dir and --log");
  }
  const originNs = values["origin-ns"] === undefined ? process.hrtime.bigint() : BigInt(values["origin-ns"]);
  mkdirSync(join(dataDir, "s3"), { recursive: true });
  const s3 = new S3rver({ address: values.host, port: 0, silent: true, directory: join(dataDir, "s3"), configureBuckets: [{ name: S3_BUCKET }] });
  const up = await s3.run();
  const upstream = { host: values.host, port: up.port };
  const turns = createTurns();
  const journal = createPutJournal({
    node: values.node, mode, nowNs: () => Number(process.hrtime.bigint() - originNs),
    currentEtag: (key) => headEtag(upstream, key),
    record: (record) => appendFileSync(log, `${JSON.stringify(record)}\n`),
  }, turns);
  const server = createServer((req, res) => {
    handle(upstream, turns, journal, req, res).catch((error: unknown) => {
      process.stderr.write(`[${values.node}] ${error instanceof Error ? error.message : String(error)}\n`);
      if (!res.headersSent) res.writeHead(502).end();
    });
  });
  server.listen(Number(values.port), values.host, () => {
    const bound = server.address();
    process.stdout.write(`listening ${values.host}:${typeof bound === "object" && bound ? bound.port : values.port}\n`);
  });
  const stop = (): void => { server.close(); void s3.close().finally(() => process.exit(0)); };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
