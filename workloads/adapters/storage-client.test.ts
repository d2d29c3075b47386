import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { serveJson } from "../services/serve-json.js";
import { storageRoute } from "../services/storage/storage-route.js";
import { createStorageState } from "../services/storage/storage-state.js";
import { createStorageClient } from "./storage-client.js";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** An in-process fenced storage node. */
async function storageNode(): Promise<string> {
  const route = storageRoute({
    state: createStorageState("fenced"), node: "s1", mode: "fenced", harnessNowNs: () => 0, journal: () => undefined, record: () => undefined,
  });
  const server = await serveJson(route, { host: "127.0.0.1", port: 0, log: () => undefined, announce: () => undefined });
  servers.push(server);
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const write = (token: string | null) => ({ key: "k", value: `v${token}`, token, client: "1" });

describe("storage client", () => {
  it("sends a key to the same endpoint every time, and spreads keys over endpoints", () => {
    const endpoints = ["a:1", "b:1", "c:1"];
    const first = createStorageClient({ endpoints });
    const second = createStorageClient({ endpoints });
    const keys = Array.from({ length: 30 }, (_, i) => `r${i}`);
    expect(keys.map((k) => first.endpointFor(k))).toEqual(keys.map((k) => second.endpointFor(k)));
    expect(new Set(keys.map((k) => first.endpointFor(k))).size).toBe(3);
  });

  it("tells an accepted write from a definite stale-token rejection, and reads back the value", async () => {
    const client = createStorageClient({ endpoints: [await storageNode()] });
    expect(await client.write(write("2"))).toEqual({ kind: "accepted", highest: null });
    expect(await client.write(write("1"))).toEqual({ kind: "rejected", reason: "stale-token", highest: "2" });
    expect(await client.read("k")).toEqual({ kind: "value", value: "v2", token: "2" });
  });

  it("reports a write to a node that is down as refused (it never reached storage), and one cut short as unanswered", async () => {
    const endpoint = await storageNode();
    const server = servers.pop() as Server;
    await new Promise((resolve) => server.close(resolve));
    const result = await createStorageClient({ endpoints: [endpoint], timeoutMs: 1000 }).write(write("1"));
    expect(result).toMatchObject({ kind: "refused" });
    const open = await storageNode();
    const cut = await createStorageClient({ endpoints: [open], timeoutMs: 1000 }).write(write("2"), AbortSignal.abort());
    expect(cut).toMatchObject({ kind: "unanswered", timedOut: true });
  });
});
