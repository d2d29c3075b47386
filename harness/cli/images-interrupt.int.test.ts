/**
 * Ctrl-C during `fencecheck images build` ends it at once (it used to be
 * swallowed until the build, minutes long, was over). The engine here is a
 * socket that accepts the connection and never answers, so the command is
 * still waiting on it when the signal comes. Needs a build; no Docker.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startCli, until } from "./testing/cli-process.js";

const dir = mkdtempSync(join(tmpdir(), "fencecheck-images-interrupt-"));
const held: Socket[] = [];
const silentEngine = createServer((socket) => void held.push(socket));
afterAll(() => {
  held.forEach((s) => s.destroy());
  silentEngine.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("Ctrl-C during fencecheck images build", () => {
  it("ends the process by the signal while it waits on the engine", async () => {
    const socket = join(dir, "docker.sock");
    await new Promise<void>((resolve) => silentEngine.listen(socket, resolve));
    const build = startCli(["images", "build"], { env: { ...process.env, DOCKER_HOST: `unix://${socket}` } });
    await until("the command to connect to the engine", () => held.length > 0, 60_000);
    build.child.kill("SIGINT");
    const result = await build.done;

    expect(result.signal).toBe("SIGINT");
    expect(result.stdout).toBe("");
  }, 120_000);
});
