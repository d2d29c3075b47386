// A tiny lock server shipped as a container image (see Dockerfile): one
// lease per resource with a TTL on this server's monotonic clock, and a
// counter that grows with every grant (the fencing token). Every grant and
// release is written to <data>/state.json before it is answered, so a
// killed server comes back with its tokens still growing and its leases
// still held (each for a full TTL again: never shorter). It is not fsynced:
// a killed process loses nothing, a power loss of the machine may.
//
//   node server.mjs --host 10.77.0.10 --port 7001 --data /var/lib/image-lock
//
// POST /acquire {resource, client, ttlMs} -> 200 {token} | 409 {holder}
// POST /release {resource, client, token} -> 200 {} | 409 {}
//
// Each grant's log line says how far this process's wall clock has moved
// from its monotonic clock since it started (clockDriftMs), and so does a
// line whenever that changes by more than 100 ms: a clock fault that
// reached the process shows there.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { host: { type: "string", default: "0.0.0.0" }, port: { type: "string", default: "7001" }, data: { type: "string", default: "/tmp" } },
});
const statePath = join(values.data, "state.json");
const started = { wall: Date.now(), mono: performance.now() };
const { lastToken: restored, leases: saved } = load();
let lastToken = restored;
const leases = new Map(Object.entries(saved).map(([resource, l]) => [resource, { ...l, expiresAt: performance.now() + l.ttlMs }]));

function load() {
  try {
    return JSON.parse(readFileSync(statePath, "utf8"));
  } catch {
    return { lastToken: 0, leases: {} };
  }
}

function save() {
  const leasesOut = Object.fromEntries([...leases].map(([r, l]) => [r, { client: l.client, token: l.token, ttlMs: l.ttlMs }]));
  writeFileSync(`${statePath}.tmp`, JSON.stringify({ lastToken, leases: leasesOut }));
  renameSync(`${statePath}.tmp`, statePath);
}

/** How far the wall clock has moved from the monotonic clock since the start (ms). */
function clockDrift() {
  return Math.round(Date.now() - started.wall - (performance.now() - started.mono));
}

function handle(path, body) {
  const now = performance.now();
  const lease = leases.get(body.resource);
  const free = !lease || lease.expiresAt <= now;
  if (path === "/acquire") {
    if (!free && lease.client !== body.client) return [409, { holder: lease.client }];
    const token = String(++lastToken);
    leases.set(body.resource, { client: body.client, token, ttlMs: body.ttlMs, expiresAt: now + body.ttlMs });
    save();
    console.log(`grant ${token} to ${body.client} clockDriftMs=${clockDrift()}`);
    return [200, { token }];
  }
  if (path === "/release") {
    if (free || lease.token !== body.token) return [409, {}];
    leases.delete(body.resource);
    save();
    return [200, {}];
  }
  return [404, {}];
}

const server = createServer((req, res) => {
  let text = "";
  req.on("data", (chunk) => (text += chunk));
  req.on("end", () => {
    const [status, answer] = handle(req.url, JSON.parse(text || "{}"));
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
  });
});
server.listen(Number(values.port), values.host, () => console.log(`listening ${values.host}:${server.address().port} as uid ${process.getuid()}, LD_PRELOAD=${process.env.LD_PRELOAD ?? ""}`));
process.on("SIGTERM", () => process.exit(0));

let shownDrift = 0;
setInterval(() => {
  const drift = clockDrift();
  if (Math.abs(drift - shownDrift) <= 100) return;
  shownDrift = drift;
  console.log(`clock moved: clockDriftMs=${drift}`);
}, 100).unref();
