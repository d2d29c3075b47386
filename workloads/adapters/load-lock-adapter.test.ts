import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HarnessError, exitCodeFor } from "../../core/index.js";
import { loadLockAdapter } from "./load-lock-adapter.js";
import { builtInAdapters } from "./built-in-adapters.js";
import { builtInClock } from "./built-in-services.js";
import { preflightSilence } from "./lock-probe.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "lock-adapters-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function moduleFile(name: string, source: string): string {
  const path = join(dir, name);
  writeFileSync(path, source);
  return path;
}

async function loadError(nameOrPath: string, cwd?: string): Promise<HarnessError> {
  const error: unknown = await loadLockAdapter(nameOrPath, cwd).then(() => undefined, (e: unknown) => e);
  if (!(error instanceof HarnessError)) throw new Error(`expected a HarnessError, got ${String(error)}`);
  return error;
}

const signal = new AbortController().signal;

describe("loadLockAdapter", () => {
  it("finds the built-in reference adapter by name", async () => {
    expect((await loadLockAdapter("reference")).name).toBe("reference");
  });

  it("gives every built-in adapter its self-description, leases of a fixed TTL included", async () => {
    for (const builtIn of builtInAdapters()) {
      const adapter = await loadLockAdapter(builtIn.name);
      expect(adapter.adapter.info).toEqual(builtIn.info);
    }
    expect((await loadLockAdapter("reference")).adapter.info?.lease).toEqual({ ends: "ttl", timedFrom: "grant" });
    expect((await loadLockAdapter("quorum")).adapter.info?.lease).toEqual({ ends: "ttl", timedFrom: "request" });
  }, 30_000); // loads every client library (the AWS SDK and gRPC among them): seconds on a loaded machine

  it("refuses an unknown built-in name and lists the known ones", async () => {
    const error = await loadError("foo");
    expect(error.code).toBe("adapter.invalid");
    const known = builtInAdapters().map((a) => a.name).join(", ");
    expect(error.message).toBe(`Cannot use lock service "foo": no such adapter (known: ${known})`);
  });

  it("refuses a module that exports no connect function, naming the path as given", async () => {
    moduleFile("no-connect.mjs", "export default { name: 'x' };\n");
    const error = await loadError("./no-connect.mjs", dir);
    expect(error.code).toBe("adapter.invalid");
    expect(error.message).toBe('Cannot use lock adapter "./no-connect.mjs": it exports no connect function');
  });

  it("keeps the files a module declares, and refuses a path out of its folder", async () => {
    moduleFile("files.mjs", "export default { name: 'x', files: ['server.mjs', 'lib/'], connect: async () => ({}) };\n");
    expect((await loadLockAdapter("./files.mjs", dir)).adapter.files).toEqual(["server.mjs", "lib/"]);
    moduleFile("files-out.mjs", "export default { name: 'x', files: ['../.ssh'], connect: async () => ({}) };\n");
    expect((await loadError("./files-out.mjs", dir)).message).toBe('Cannot use lock adapter "./files-out.mjs": its "files" names "../.ssh", which is not a path inside the module\'s folder');
    moduleFile("files-string.mjs", "export default { name: 'x', files: 'server.mjs', connect: async () => ({}) };\n");
    expect((await loadError("./files-string.mjs", dir)).message).toBe('Cannot use lock adapter "./files-string.mjs": its "files" is not an array of paths');
  });

  it("refuses a module whose connect is not a function", async () => {
    const path = moduleFile("connect-string.mjs", "export default { name: 'x', connect: 'yes' };\n");
    const error = await loadError(path);
    expect(error.message).toBe(`Cannot use lock adapter "${path}": its "connect" is a string, not a function`);
  });

  it("refuses a module that fails to load, in one line", async () => {
    const path = moduleFile("broken.mjs", "export default {;\n");
    const error = await loadError(path);
    expect(error.code).toBe("adapter.invalid");
    expect(error.message).toMatch(/^Cannot use lock adapter ".*broken\.mjs": it failed to load: /);
    expect(error.message).not.toContain("\n");
  });

  it("refuses a service without a start function", async () => {
    const path = moduleFile("bad-service.mjs", "export default { connect() {}, service: { nodes: 1 } };\n");
    expect((await loadError(path)).message).toContain('its "service.start" is not a function');
  });

  it("refuses a service start order it does not know", async () => {
    const path = moduleFile("bad-order.mjs", 'export default { connect() {}, service: { nodes: 1, start() {}, startOrder: "sometimes" } };\n');
    expect((await loadError(path)).message).toContain('its "service.startOrder" is neither "together" nor "one-by-one"');
  });

  it("refuses a client without release when it connects", async () => {
    const path = moduleFile("no-release.mjs", "export default { async connect() { return { async acquire() { return { token: 1 }; } }; } };\n");
    const adapter = await loadLockAdapter(path);
    const error: unknown = await adapter.connect({ endpoints: [], clientId: "1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessError);
    expect((error as HarnessError).message).toContain("its client has no release function");
  });

  it("reports an acquire that resolves without a usable token, naming the adapter", async () => {
    const path = moduleFile(
      "no-token.mjs",
      "export default { name: 'nt', async connect() { return { async acquire() { return { token: 1.5 }; }, async release() {} }; } };\n",
    );
    const client = await (await loadLockAdapter(path)).connect({ endpoints: [], clientId: "1" });
    const error: unknown = await client.acquire("r", { ttlMs: 10, signal }).catch((e: unknown) => e);
    expect((error as HarnessError).code).toBe("adapter.invalid");
    expect((error as HarnessError).message).toBe(
      `Cannot use lock adapter "${path}": acquire of "r" resolved without a usable token (got the number 1.5)`,
    );
  });

  it("normalizes bigint and number tokens to decimal strings and hands the lease back to release", async () => {
    const path = moduleFile(
      "good.mjs",
      [
        "let n = 2n ** 60n;",
        "export const released = [];",
        "export default { name: 'good', async connect() { return {",
        "  async acquire(resource) { n += 1n; return { token: n, id: 'lease-' + n }; },",
        "  async release(resource, lease) { released.push(lease.id); },",
        "}; } };",
      ].join("\n"),
    );
    const adapter = await loadLockAdapter(path);
    expect(adapter.name).toBe("good");
    const client = await adapter.connect({ endpoints: [], clientId: "1" });
    const lease = await client.acquire("r", { ttlMs: 10, signal });
    expect(lease.token).toBe((2n ** 60n + 1n).toString());
    await client.release("r", lease, { signal });
    await client.close();
    const module = (await import(path)) as { released: string[] };
    expect(module.released).toEqual([`lease-${lease.token}`]);
  });
});

describe("a preflight that gets no answer", () => {
  it("is a harness failure after start (exit 255) for a built-in adapter: the service it started does not serve", async () => {
    const error = preflightSilence(await loadLockAdapter("zookeeper"), "acquire", 3000);
    expect([error.code, exitCodeFor(error.code)]).toEqual(["runtime.node-start-failed", 255]);
    expect(error.message).toBe(`Cannot check lock service "zookeeper": the preflight acquire of "fencecheck-preflight" did not answer within 3000 ms`);
  });

  it("stays bad input (exit 254) for a user's module, whose adapter may be what is wrong", () => {
    expect(exitCodeFor(preflightSilence({ name: "mine", builtIn: false }, "connect", 500).code)).toBe(254);
  });
});

describe("the built-in services' clocks", () => {
  it("are declared unfakeable for etcd, ZooKeeper, the Redis family and PostgreSQL (and the libraries on them), so clock faults on their nodes are refused up front", async () => {
    const unfakeable = [];
    for (const a of builtInAdapters()) if ((await a.load()).service?.clock?.support === "unsupported") unfakeable.push(a.name);
    expect(unfakeable).toEqual(["etcd", "zookeeper", "redis", "redis-token", "redis-token-everysec", "redis-token-volatile", "redlock", "postgres", "redis-semaphore", "etcd-lock", "warlock"]);
  });

  it("are told by name, without loading the adapter, exactly as each loaded adapter carries them", async () => {
    for (const a of builtInAdapters()) expect(builtInClock(a.name), a.name).toEqual((await a.load()).service?.clock);
    expect(builtInClock("./my-adapter.mjs")).toBeUndefined();
    expect(builtInClock("toString")).toBeUndefined();
  });
});
