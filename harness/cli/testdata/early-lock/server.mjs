// A lock server with a bug, for tests: it grants a resource again once 60%
// of the last lease's TTL has passed, while that lease is still live.
//
//   node server.mjs --host 10.77.0.10 --port 7001
//
// POST /acquire {resource, client, ttlMs} -> 200 {token} | 409 {holder}
// POST /release {resource, client, token} -> 200 {} | 409 {}
import { createServer } from "node:http";
import { parseArgs } from "node:util";

const EARLY = 0.6;
const { values } = parseArgs({ options: { host: { type: "string", default: "127.0.0.1" }, port: { type: "string", default: "7001" } } });
const leases = new Map(); // resource -> { client, token, grantedAt, ttlMs }
let lastToken = 0;

function handle(path, body) {
  const now = Date.now();
  const lease = leases.get(body.resource);
  const free = !lease || lease.grantedAt + lease.ttlMs * EARLY <= now;
  if (path === "/acquire") {
    if (!free && lease.client !== body.client) return [409, { holder: lease.client }];
    const token = String(++lastToken);
    leases.set(body.resource, { client: body.client, token, grantedAt: now, ttlMs: body.ttlMs });
    return [200, { token }];
  }
  if (path === "/release") {
    if (!lease || lease.token !== body.token) return [409, {}];
    leases.delete(body.resource);
    return [200, {}];
  }
  return [404, {}];
}

// Serve JSON bodies on `handle`, as examples/custom-lock/server.mjs does.
createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const [status, answer] = handle(req.url, JSON.parse(Buffer.concat(chunks).toString() || "{}"));
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
  });
}).listen(Number(values.port), values.host);
process.on("SIGTERM", () => process.exit(0));
