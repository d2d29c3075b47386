/**
 * Finds a lock adapter by built-in name or loads a user's module by path,
 * and wraps it so that what reaches the agent is checked: the module's shape
 * when it is loaded, the client's shape when it connects, and every token an
 * acquire returns (normalized to a decimal string with `toToken`).
 */
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { HarnessError, checkExistingService, toToken, type Token } from "../../core/index.js";
import type { AcquireOptions, ConnectOptions, Lease, LockAdapter, LockClient, ReleaseOptions } from "./lock-adapter.js";
import { builtInAdapters, findBuiltInAdapter } from "./built-in-adapters.js";

/**
 * A granted lease with its token normalized; `lease` is what the adapter
 * returned. `token` is null only for an adapter whose `info.token` is null
 * (a service without fencing tokens).
 */
export interface CheckedLease {
  readonly token: Token | null;
  readonly lease: Lease;
}

/** A lock client whose answers have been checked. */
export interface CheckedLockClient {
  acquire(resource: string, options: AcquireOptions): Promise<CheckedLease>;
  release(resource: string, lease: CheckedLease, options: ReleaseOptions): Promise<void>;
  close(): Promise<void>;
}

/** A loaded adapter: its name, where it came from, and a checked connect. */
export interface LoadedLockAdapter {
  readonly name: string;
  readonly adapter: LockAdapter;
  /** True for a built-in adapter (ours, tested): a service it cannot reach is then at fault, not the adapter. */
  readonly builtIn: boolean;
  connect(options: ConnectOptions): Promise<CheckedLockClient>;
}

/**
 * Resolves `nameOrPath`: a built-in name ("reference"), or a path (absolute,
 * or relative to `cwd`) to an ES module whose default export (or, failing
 * that, the module itself) is a lock adapter. Throws `adapter.invalid` with a
 * one-line message naming what is wrong.
 */
export async function loadLockAdapter(nameOrPath: string, cwd: string = process.cwd()): Promise<LoadedLockAdapter> {
  if (!looksLikePath(nameOrPath)) {
    const builtIn = findBuiltInAdapter(nameOrPath);
    if (!builtIn) {
      const known = builtInAdapters().map((a) => a.name).join(", ");
      throw new HarnessError("adapter.invalid", `Cannot use lock service "${nameOrPath}": no such adapter (known: ${known})`);
    }
    return checkedAdapter(await builtIn.load(), nameOrPath, true);
  }
  const path = isAbsolute(nameOrPath) ? nameOrPath : resolve(cwd, nameOrPath);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new HarnessError("adapter.invalid", `Cannot use lock adapter "${nameOrPath}": it failed to load: ${why}`, { cause: error });
  }
  return checkedAdapter(adapterShape(module, nameOrPath), nameOrPath, false);
}

function looksLikePath(x: string): boolean {
  return x.includes("/") || x.includes("\\") || /\.(m?js|cjs|ts)$/.test(x);
}

function invalid(label: string, what: string): HarnessError {
  return new HarnessError("adapter.invalid", `Cannot use lock adapter "${label}": ${what}`);
}

function adapterShape(module: Record<string, unknown>, label: string): LockAdapter {
  const candidate = typeof module.default === "object" && module.default !== null ? module.default : module;
  const adapter = candidate as Record<string, unknown>;
  if (!("connect" in adapter) || adapter.connect === undefined) throw invalid(label, "it exports no connect function");
  if (typeof adapter.connect !== "function") throw invalid(label, `its "connect" is a ${typeof adapter.connect}, not a function`);
  if (adapter.name !== undefined && typeof adapter.name !== "string") throw invalid(label, `its "name" is not a string`);
  const service = adapter.service as Record<string, unknown> | undefined;
  if (service !== undefined) {
    if (typeof service !== "object" || service === null) throw invalid(label, `its "service" is not an object`);
    if (typeof service.nodes !== "number" || !Number.isInteger(service.nodes) || service.nodes < 1) {
      throw invalid(label, `its "service.nodes" is not a positive integer`);
    }
    if (typeof service.start !== "function") throw invalid(label, `its "service.start" is not a function`);
    if (service.startOrder !== undefined && service.startOrder !== "together" && service.startOrder !== "one-by-one") {
      throw invalid(label, `its "service.startOrder" is neither "together" nor "one-by-one"`);
    }
  }
  if (adapter.leader !== undefined && typeof adapter.leader !== "function") throw invalid(label, `its "leader" is not a function`);
  if (adapter.files !== undefined) checkFiles(adapter.files, label);
  if (adapter.existing !== undefined) checkExistingService(adapter.existing, `adapter "${label}" ("existing")`);
  return { ...(adapter as unknown as LockAdapter), name: typeof adapter.name === "string" ? adapter.name : label };
}

/** A module's `files`: an array of relative paths that stay inside its folder. */
function checkFiles(files: unknown, label: string): void {
  if (!Array.isArray(files) || !files.every((f) => typeof f === "string")) throw invalid(label, `its "files" is not an array of paths`);
  const outside = (files as string[]).find((f) => f === "" || isAbsolute(f) || f.split(/[\\/]/).includes(".."));
  if (outside !== undefined) throw invalid(label, `its "files" names "${outside}", which is not a path inside the module's folder`);
}

function checkedAdapter(adapter: LockAdapter, label: string, builtIn: boolean): LoadedLockAdapter {
  return {
    name: adapter.name,
    adapter,
    builtIn,
    async connect(options) {
      const client: unknown = await adapter.connect(options);
      return checkedClient(clientShape(client, label), label, adapter.info?.token === null);
    },
  };
}

function clientShape(client: unknown, label: string): LockClient {
  if (typeof client !== "object" || client === null) throw invalid(label, "connect resolved to no client object");
  const c = client as Record<string, unknown>;
  for (const method of ["acquire", "release"] as const) {
    if (typeof c[method] !== "function") throw invalid(label, `its client has no ${method} function`);
  }
  if (c.close !== undefined && typeof c.close !== "function") throw invalid(label, `its client's "close" is not a function`);
  return client as LockClient;
}

function checkedClient(client: LockClient, label: string, tokenless: boolean): CheckedLockClient {
  return {
    async acquire(resource, options) {
      const lease: unknown = await client.acquire(resource, options);
      if (typeof lease !== "object" || lease === null) {
        throw invalid(label, `acquire of "${resource}" resolved to ${describe(lease)}, not a lease object`);
      }
      const raw = (lease as { token?: unknown }).token;
      if (tokenless && (raw === null || raw === undefined)) return { token: null, lease: lease as Lease };
      const token = toToken(raw);
      if (token === undefined) {
        throw invalid(label, `acquire of "${resource}" resolved without a usable token (got ${describe(raw)})`);
      }
      return { token, lease: lease as Lease };
    },
    release: (resource, lease, options) => client.release(resource, lease.lease, options),
    close: async () => {
      await client.close?.();
    },
  };
}

function describe(raw: unknown): string {
  if (raw === undefined) return "undefined";
  if (typeof raw === "number") return `the number ${raw}`;
  return `${typeof raw} ${JSON.stringify(raw) ?? String(raw)}`;
}
