/**
 * Commands against a Docker engine that accepts connections and never
 * answers. Ctrl-C while a command waits on the engine or builds an image
 * ends it at once (`images build` and `hosts build` used to swallow it until
 * the build, minutes long, was over; `hosts up` while it built the host
 * image). Left alone, a command says in one line that the engine did not
 * answer and exits 255 (`images build` used to print that and then hang on
 * the ping's open connection). Needs a build; no Docker.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startCli, until } from "./testing/cli-process.js";

const dir = mkdtempSync(join(tmpdir(), "fencecheck-silent-engine-"));
const servers: Server[] = [];
const held: Socket[] = [];
afterAll(() => {
  held.forEach((s) => s.destroy());
  servers.forEach((s) => s.close());
  rmSync(dir, { recursive: true, force: true });
});

/** A new engine socket that never answers; `connections()` counts who connected. */
async function silentEngine(name: string): Promise<{ readonly host: string; connections(): number }> {
  let count = 0;
  const server = createServer((socket) => {
    count++;
    held.push(socket);
  });
  servers.push(server);
  const path = join(dir, `${name}.sock`);
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return { host: `unix://${path}`, connections: () => count };
}

describe("Ctrl-C while a command waits on the engine", () => {
  it.each([
    ["images build", ["images", "build"]],
    ["hosts build", ["hosts", "build"]],
    ["hosts up", ["hosts", "up", "--dir", join(dir, "hosts")]],
  ])("ends %s by the signal", async (name, args) => {
    const engine = await silentEngine(name.replace(" ", "-"));
    const command = startCli(args, { env: { ...process.env, DOCKER_HOST: engine.host } });
    await until(`${name} to connect to the engine`, () => engine.connections() > 0, 60_000);
    command.child.kill("SIGINT");
    const result = await command.done;

    expect(result.signal).toBe("SIGINT");
    expect(result.stdout).toBe("");
  }, 120_000);
});

describe("a command against an engine that never answers", () => {
  it.each([
    ["images build", ["images", "build"]],
    ["hosts down", ["hosts", "down"]],
  ])("%s says so in one line and exits 255", async (name, args) => {
    const engine = await silentEngine(`${name.replace(" ", "-")}-left`);
    const result = await startCli(args, { env: { ...process.env, DOCKER_HOST: engine.host } }).done;

    expect(result.code).toBe(255);
    expect(result.stderr.trim().split("\n")).toEqual([`fencecheck: Cannot reach the Docker engine at "${engine.host}": no answer within 3000 ms`]);
  }, 120_000);
});
