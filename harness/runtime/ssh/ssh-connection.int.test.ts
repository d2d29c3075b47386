/**
 * connectHost against a real SSH server on loopback (ssh2's own server, in
 * this process): a session the server refuses where the pool counted room is
 * opened once more on a connection of its own, and a second refusal reaches
 * the caller. Needs no root.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ssh2 from "ssh2";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSystemClock } from "../../../core/index.js";
import { knownHostsLine } from "./known-hosts.js";
import { connectHost, type SshTarget } from "./ssh-connection.js";
import { ed25519KeyPair } from "./ssh-key-pair.js";

let dir: string;
let server: ssh2.Server | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "ssh-connection-"));
});
afterEach(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A server that refuses the first `refusals` sessions asked of it, and runs
 * every other exec by printing the command and exiting 0. Counts connections.
 */
async function refusingServer(refusals: number): Promise<{ target: SshTarget; connections: () => number }> {
  const hostKey = ed25519KeyPair(ssh2.utils);
  const userKey = ed25519KeyPair(ssh2.utils);
  let connections = 0;
  let refused = 0;
  server = new ssh2.Server({ hostKeys: [hostKey.private] }, (client) => {
    connections++;
    client.on("authentication", (ctx) => (ctx.method === "publickey" ? ctx.accept() : ctx.reject(["publickey"])));
    client.on("session", (accept, reject) => {
      if (refused++ < refusals) return reject();
      accept().on("exec", (acceptExec, _rejectExec, info) => {
        const stream = acceptExec();
        stream.write(info.command);
        stream.exit(0);
        stream.end();
      });
    });
    client.on("error", () => {});
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const keyFile = join(dir, "id_ed25519");
  writeFileSync(keyFile, userKey.private, { mode: 0o600 });
  const blob = (ssh2.utils.parseKey(hostKey.public) as ssh2.ParsedKey).getPublicSSH();
  const knownHostsFile = join(dir, "known_hosts");
  writeFileSync(knownHostsFile, `${knownHostsLine("127.0.0.1", port, blob)}\n`);
  return { target: { host: "127.0.0.1", port, user: "root", keyFile, knownHostsFile, acceptNew: false }, connections: () => connections };
}

async function output(host: Awaited<ReturnType<typeof connectHost>>, command: string): Promise<{ text: string; code: number | null }> {
  const channel = await host.open(command);
  let text = "";
  channel.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const { code } = await channel.done;
  return { text, code };
}

describe("a channel the host refuses", () => {
  const opts = { timeoutMs: 5_000, clock: createSystemClock(), defaultKeys: [] };

  it("is opened once more on a new connection, and the command runs there", async () => {
    const { target, connections } = await refusingServer(1);
    const host = await connectHost(target, opts);
    try {
      expect(await output(host, "echo once")).toEqual({ text: "echo once", code: 0 });
      expect(connections()).toBe(2);
      // The next channel goes on a connection with room: no third one.
      expect(await output(host, "echo again")).toEqual({ text: "echo again", code: 0 });
      expect(connections()).toBe(2);
    } finally {
      host.close();
    }
  });

  it("reaches the caller when the host refuses it twice", async () => {
    const { target, connections } = await refusingServer(2);
    const host = await connectHost(target, opts);
    try {
      await expect(host.open("echo never")).rejects.toThrow(/Channel open failure/);
      expect(connections()).toBe(2);
    } finally {
      host.close();
    }
  });
});
