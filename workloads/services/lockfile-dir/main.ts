/**
 * Program entry of the `proper-lockfile` adapter's lock node:
 *
 *   node main.js --host H --port P --dir DIR
 *
 * proper-lockfile's lock service is a file system: lock directories made
 * with mkdir in a directory every client shares. This node owns that
 * directory (made here, in the node's data dir) and tells clients where it
 * is: any GET answers `{"dir": DIR}`. It takes no part in locking: pausing,
 * killing or cutting it off changes nothing for a client that already
 * knows the directory.
 */
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import { parseArgs } from "node:util";

function main(): void {
  const { values } = parseArgs({ options: { host: { type: "string" }, port: { type: "string" }, dir: { type: "string" } } });
  const { host, port, dir } = values;
  if (!host || !port || !dir) throw new Error("Cannot start the lock-file directory node: give --host, --port and --dir");
  mkdirSync(dir, { recursive: true });
  const body = JSON.stringify({ dir });
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  server.listen(Number(port), host);
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => process.exit(0));
}

try {
  main();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
