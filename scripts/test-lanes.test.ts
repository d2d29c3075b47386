import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { DOCKER_FILES } from "../vitest.config.js";
import { laneProblems, type TestFile } from "./test-lanes.js";

const ROOT = join(import.meta.dirname, "..");
const FOLDERS = ["core", "harness", "workloads", "nemesis", "checkers", "reports", "scripts"];

/** Every test file of the package (the folders vitest.config.ts includes). */
function testFiles(): TestFile[] {
  return FOLDERS.flatMap((folder) => readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((p) => p.endsWith(".test.ts"))
    .map((p) => join(ROOT, folder, p)))
    .map((abs) => ({ path: relative(ROOT, abs), text: readFileSync(abs, "utf8") }));
}

const sandbox = 'const hosts = testSandbox("x", 4);';
const local = 'const out = await runCli(["run", "--lock", "reference"]);';

describe("the lanes of scripts/test.sh", () => {
  it("names a file that needs the Docker engine but runs in the local lane", () => {
    expect(laneProblems([{ path: "harness/cli/a.int.test.ts", text: sandbox }], [])).toEqual([
      '"harness/cli/a.int.test.ts" needs the Docker engine but runs in the local lane: add it to DOCKER_FILES (vitest.config.ts)',
    ]);
  });

  it("names a listed file that needs no engine, and a listed file that is no integration test file", () => {
    const files = [{ path: "harness/cli/b.int.test.ts", text: local }, { path: "harness/cli/c.test.ts", text: sandbox }];
    expect(laneProblems(files, ["harness/cli/b.int.test.ts", "harness/cli/c.test.ts"])).toEqual([
      '"harness/cli/b.int.test.ts" is in DOCKER_FILES but needs no Docker engine: it belongs to the local lane',
      '"harness/cli/c.test.ts" is in DOCKER_FILES but is no integration test file',
    ]);
  });

  it("finds none in this package: every integration file that needs the engine is in the docker lane, and only those", () => {
    const files = testFiles();
    expect(files.filter((f) => f.path.endsWith(".int.test.ts")).length).toBeGreaterThan(40);
    expect(laneProblems(files, DOCKER_FILES)).toEqual([]);
  });
});
