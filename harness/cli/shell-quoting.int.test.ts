/**
 * A store path or a run name is data, never shell or a way out of the
 * store: a real PostgreSQL run (lock and storage, each started by a shell
 * script as root) whose store path carries a quoted command runs nothing
 * of it, and `--name ../../x` is refused before anything starts. Needs
 * root, Debian's postgresql and `npm run build` first.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./testing/cli-process.js";

const dir = mkdtempSync(join(tmpdir(), "fc-quoting-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a store path with a quote in it", () => {
  it("runs PostgreSQL as lock and as storage, and never the command in the path", async () => {
    const planted = join(dir, "planted");
    const store = join(dir, `x'$(touch ${planted})'`);
    const { code, stderr } = await runCli(["run", "--lock", "postgres", "--storage", "postgres-fenced", "--time-limit", "3", "--seed", "7", "--store", store, "--name", "quoted"]);
    expect(existsSync(planted), stderr).toBe(false);
    expect(code, stderr).toBe(0);
    expect(readdirSync(join(store, "quoted"))).toHaveLength(1);
  });
});

describe("a run name that climbs out of the store", () => {
  it("is refused with one line (exit 254), and no folder is made outside the store", async () => {
    const store = join(dir, "a", "b", "store");
    mkdirSync(store, { recursive: true });
    const { code, stderr } = await runCli(["run", "--time-limit", "1", "--store", store, "--name", "../../x"]);
    expect(code).toBe(254);
    expect(stderr).toContain('Cannot use run name "../../x"');
    expect(existsSync(join(dir, "a", "x"))).toBe(false);
    expect(readdirSync(store)).toEqual([]);
  });
});
