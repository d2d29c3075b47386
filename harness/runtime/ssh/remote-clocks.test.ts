import { EventEmitter } from "node:events";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createSystemClock, nodeId } from "../../../core/index.js";
import { createRemoteClocks } from "./remote-clocks.js";
import type { Channel, SshHost } from "./ssh-connection.js";

const n1 = nodeId("n1");
const clock = createSystemClock();

/**
 * A host on this machine's own clocks whose every command takes `slowMs`
 * before it runs: a clock read answers as a real node would, with this
 * machine's wall clock between two reads of its monotonic clock.
 */
function slowHost(slowMs: number): SshHost {
  const open = async (command: string): Promise<Channel> => {
    const channel = Object.assign(new EventEmitter(), { stderr: new PassThrough(), end: () => undefined, close: () => undefined });
    let closed: (exit: { code: number; signal: null }) => void = () => undefined;
    const done = new Promise<{ code: number; signal: null }>((resolve) => (closed = resolve));
    setTimeout(() => {
      if (command.includes("process.hrtime")) {
        const a = process.hrtime.bigint();
        const wall = Date.now();
        channel.emit("data", Buffer.from(`${wall} ${a} ${process.hrtime.bigint()}`));
      }
      closed({ code: 0, signal: null });
    }, slowMs);
    return Object.assign(channel, { done }) as unknown as Channel;
  };
  return { target: { host: "h1", port: 22, user: "root" }, acceptedNewKey: false, open, close: () => undefined } as unknown as SshHost;
}

describe("a node's clock read over SSH", () => {
  it("is dated from after its probe file was written, so a slow write adds nothing to the offset it reads", async () => {
    // The write before the read takes 600 ms: dated from before it, the offset read 600 ms too far (the old code).
    const host = slowHost(600);
    const clocks = createRemoteClocks(() => ({ host, time: { monotonicOffsetNs: 0n, wallOffsetMs: 0, roundTripMs: 0 }, dir: "/run/x", faketimeLibrary: "/lib/ft.so", nodeBinary: "node" }), clock, {});
    await clocks.envFor(n1);
    const reading = await clocks.read(n1);
    expect(Math.abs(reading.offsetMs)).toBeLessThan(200);
    expect(Math.abs(reading.offsetMs - clocks.expectedOffset(n1, reading.atMs ?? 0))).toBeLessThan(200);
  });
});
