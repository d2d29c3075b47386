// A small lock server of its own, in plain JavaScript: one lease per
// resource with a TTL, and a counter that grows with every grant (the
// fencing token). Two things make it safe, each caught by a fault when
// missing (docs/tutorial.md, "Break it on purpose"):
// - the counter is written and fsynced to the data dir before a grant is
//   answered, so a restarted server never hands a token out twice (kill-lock);
// - leases are timed on the monotonic clock, which a jump of the wall clock
//   does not move (clock-jump on the lock node).
//
//   node server.mjs --host 10.77.0.10 --port 7001 --data-dir /var/lib/my-lock
//
// POST /acquire {resource, client, ttlMs} -> 200 {token} | 409 {holder}
// POST /release {resource, client, token} -> 200 {} | 409 {}
import { createServer } from "node:http";
import { closeSync, existsSync, fdatasyncSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { host: { type: "string", default: "127.0.0.1" }, port: { type: "string", default: "7001" }, "data-dir": { type: "string" } },
});
if (values["data-dir"] === undefined) throw new Error("server.mjs needs --data-dir DIR: where it keeps its journal");
const now = () => performance.now(); // monotonic milliseconds (Date.now() would follow a clock jump)
const leases = new Map(); // resource -> { client, token, expiresAt }

// The journal: one line per grant {resource, token, ttlMs}, fdatasynced before the grant is
// answered, and one per release {resource, token, released: true} (not synced: if it is lost,
// the restarted server only waits longer).
mkdirSync(values["data-dir"], { recursive: true });
const journalPath = join(values["data-dir"], "journal.jsonl");
const isNew = !existsSync(journalPath);
const past = isNew ? [] : readFileSync(journalPath, "utf8").split("\n").flatMap((line) => {
  try { return [JSON.parse(line)]; } catch { return []; } // an unsynced last line was never answered
});
const journal = openSync(journalPath, "a");
if (isNew) syncDirectory(values["data-dir"]); // the new file's name is durable too
let lastToken = past.reduce((max, entry) => Math.max(max, entry.token), 0);
// Leases live in memory, so a restarted server does not know how long ago it granted the last
// lease of a resource: it grants that resource again only once that lease's whole TTL has passed.
const heldBeforeRestart = new Map(); // resource -> monotonic time until which its last lease may live
for (const entry of past) {
  if (entry.released) heldBeforeRestart.delete(entry.resource);
  else heldBeforeRestart.set(entry.resource, now() + entry.ttlMs);
}

function syncDirectory(path) {
  const fd = openSync(path, "r");
  fsyncSync(fd);
  closeSync(fd);
}

function handle(path, body) {
  const lease = leases.get(body.resource);
  const free = !lease || lease.expiresAt <= now();
  if (path === "/acquire") {
    if (now() < (heldBeforeRestart.get(body.resource) ?? 0)) return [409, { holder: "(a lease granted before a restart)" }];
    if (!free && lease.client !== body.client) return [409, { holder: lease.client }];
    const token = ++lastToken;
    writeSync(journal, `${JSON.stringify({ resource: body.resource, token, ttlMs: body.ttlMs })}\n`);
    fdatasyncSync(journal);
    leases.set(body.resource, { client: body.client, token: String(token), expiresAt: now() + body.ttlMs });
    return [200, { token: String(token) }];
  }
  if (path === "/release") {
    if (free || lease.token !== body.token) return [409, {}];
    leases.delete(body.resource);
    writeSync(journal, `${JSON.stringify({ resource: body.resource, token: Number(lease.token), released: true })}\n`);
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
server.listen(Number(values.port), values.host, () => console.log(`listening ${values.host}:${server.address().port}`));
process.on("SIGTERM", () => process.exit(0));
