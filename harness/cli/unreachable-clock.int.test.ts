/**
 * A user's lock service whose program libfaketime cannot move (here a Go
 * program) is refused clock faults on its lock nodes, with one line, before
 * anything starts: a fault that silently did nothing would let a service
 * with wall-clock leases come out valid. Its other nodes may still be
 * skewed. Needs a build and Debian's etcd (a Go program; scripts/setup.sh
 * installs it).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./testing/cli-process.js";

const dir = mkdtempSync(join(tmpdir(), "fc-unreachable-clock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const example = pathToFileURL(resolve(import.meta.dirname, "../../examples/custom-lock/adapter.mjs")).href;

/** The example adapter, its server swapped for a Go program (never started: the run is refused first). */
const adapter = join(dir, "go-lock.mjs");
writeFileSync(adapter, `import example from ${JSON.stringify(example)};
export default { ...example, name: "go-lock", service: { ...example.service, start: (node) => ({ argv: ["etcd", "--name", node.id, "--data-dir", node.dataDir] }) } };
`);

describe("clock faults on a lock service libfaketime cannot reach", () => {
  it("are refused on its lock nodes with one line naming the program and why", async () => {
    const result = await runCli(["run", "--lock", adapter, "--storage", "fenced", "--nemesis", "clock-jump", "--fault-opt", "clock.nodes=lock", "--time-limit", "3", "--store", join(dir, "store")]);
    expect(result.code).toBe(254);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^fencecheck: Cannot run nemesis "clock" on the lock nodes: lock service "go-lock" runs "\/usr\/bin\/etcd", a Go program, which reads the clock through the vDSO, never through libc, so libfaketime cannot move its clock; skew the others/),
    ]);
  });
});
