/**
 * Finds a lock adapter by built-in name or loads a user's module by path,
 * and wraps it so that what reaches the agent is checked: the module's shape
 * when it is loaded, the client's shape when it connects, and every token an
 * acquire returns (normalized to a decimal string with `toToken`).
 */
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { HarnessError, toToken } from "../../harness/core/index.js";
import { builtInAdapters, findBuiltInAdapter } from "./built-in-adapters.js";
/**
 * Resolves `nameOrPath`: a built-in name ("reference"), or a path (absolute,
 * or relative to `cwd`) to an ES module whose default export (or, failing
 * that, the module itself) is a lock adapter. Throws `adapter.invalid` with a
 * one-line message naming what is wrong.
 */
export async function loadLockAdapter(nameOrPath, cwd = process.cwd()) {
    if (!looksLikePath(nameOrPath)) {
        const builtIn = findBuiltInAdapter(nameOrPath);
        if (!builtIn) {
            const known = builtInAdapters().map((a) => a.name).join(", ");
            throw new HarnessError("adapter.invalid", `Cannot use lock service "${nameOrPath}": no such adapter (known: ${known})`);
        }
        return checkedAdapter(await builtIn.load(), nameOrPath);
    }
    const path = isAbsolute(nameOrPath) ? nameOrPath : resolve(cwd, nameOrPath);
    let module;
    try {
        module = (await import(pathToFileURL(path).href));
    }
    catch (error) {
        const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
        throw new HarnessError("adapter.invalid", `Cannot use lock adapter "${nameOrPath}": it failed to load: ${why}`, { cause: error });
    }
    return checkedAdapter(adapterShape(module, nameOrPath), nameOrPath);
}
function looksLikePath(x) {
    return x.includes("/") || x.includes("\\") || /\.(m?js|cjs|ts)$/.test(x);
}
function invalid(label, what) {
    return new HarnessError("adapter.invalid", `Cannot use lock adapter "${label}": ${what}`);
}
function adapterShape(module, label) {
    const candidate = typeof module.default === "object" && module.default !== null ? module.default : module;
    const adapter = candidate;
    if (!("connect" in adapter) || adapter.connect === undefined)
        throw invalid(label, "it exports no connect function");
    if (typeof adapter.connect !== "function")
        throw invalid(label, `its "connect" is a ${typeof adapter.connect}, not a function`);
    if (adapter.name !== undefined && typeof adapter.name !== "string")
        throw invalid(label, `its "name" is not a string`);
    const service = adapter.service;
    if (service !== undefined) {
        if (typeof service !== "object" || service === null)
            throw invalid(label, `its "service" is not an object`);
        if (typeof service.nodes !== "number" || !Number.isInteger(service.nodes) || service.nodes < 1) {
            throw invalid(label, `its "service.nodes" is not a positive integer`);
        }
        if (typeof service.start !== "function")
            throw invalid(label, `its "service.start" is not a function`);
    }
    return { ...adapter, name: typeof adapter.name === "string" ? adapter.name : label };
}
function checkedAdapter(adapter, label) {
    return {
        name: adapter.name,
        adapter,
        async connect(options) {
            const client = await adapter.connect(options);
            return checkedClient(clientShape(client, label), label, adapter.info?.token === null);
        },
    };
}
function clientShape(client, label) {
    if (typeof client !== "object" || client === null)
        throw invalid(label, "connect resolved to no client object");
    const c = client;
    for (const method of ["acquire", "release"]) {
        if (typeof c[method] !== "function")
            throw invalid(label, `its client has no ${method} function`);
    }
    if (c.close !== undefined && typeof c.close !== "function")
        throw invalid(label, `its client's "close" is not a function`);
    return client;
}
function checkedClient(client, label, tokenless) {
    return {
        async acquire(resource, options) {
            const lease = await client.acquire(resource, options);
            if (typeof lease !== "object" || lease === null) {
                throw invalid(label, `acquire of "${resource}" resolved to ${describe(lease)}, not a lease object`);
            }
            const raw = lease.token;
            if (tokenless && (raw === null || raw === undefined))
                return { token: null, lease: lease };
            const token = toToken(raw);
            if (token === undefined) {
                throw invalid(label, `acquire of "${resource}" resolved without a usable token (got ${describe(raw)})`);
            }
            return { token, lease: lease };
        },
        release: (resource, lease, options) => client.release(resource, lease.lease, options),
        close: async () => {
            await client.close?.();
        },
    };
}
function describe(raw) {
    if (raw === undefined)
        return "undefined";
    if (typeof raw === "number")
        return `the number ${raw}`;
    return `${typeof raw} ${JSON.stringify(raw) ?? String(raw)}`;
}
//# sourceMappingURL=load-lock-adapter.js.map