/**
 * ZooKeeper's lease is its session, and the server caps sessions at its
 * maxSessionTimeout: with the old fixed 20 s a `--ttl-ms 30000` run held
 * 20 s leases while its clients believed 30 s. The ensemble now admits the
 * TTL, and the adapter fails an acquire whose granted session is shorter.
 * Needs root, Debian's zookeeper and a build.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-zk-session-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

/** The only run folder under the store. */
function runDir(): string {
  const [name] = readdirSync(store).filter((n) => n !== "latest");
  const [run] = readdirSync(join(store, name as string));
  return join(store, name as string, run as string);
}

describe("a ZooKeeper run with a TTL above 20 s", () => {
  it("gets sessions as long as the TTL: the ensemble admits them and the run is valid", async () => {
    const result = await runCli(["run", "--lock", "zookeeper", "--storage", "fenced", "--ttl-ms", "30000", "--time-limit", "3", "--seed", "1", "--store", store]);
    expect([result.code, result.stderr.split("\n").find((l) => l.startsWith("fencecheck:"))]).toEqual([0, undefined]);
    const dir = runDir();
    for (const node of ["l1", "l2", "l3"]) {
      expect(readFileSync(join(dir, "nodes", node, "data", "zoo.cfg"), "utf8")).toMatch(/^maxSessionTimeout=30000$/m);
      expect(readFileSync(join(dir, "nodes", node, "service.log"), "utf8")).toMatch(/maxSessionTimeout set to 30000 ms/);
    }
    const history = readFileSync(join(dir, "history.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { type: string; f: string });
    expect(history.filter((op) => op.f === "acquire" && op.type === "ok").length).toBeGreaterThan(0);
  });
});
