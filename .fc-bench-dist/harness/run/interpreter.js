import { HarnessError, messageOf } from "../core/index.js";
import { CompletionQueue } from "./completion-queue.js";
/** Creates the interpreter and opens one client per thread. */
export async function createInterpreter(deps) {
    const workers = [];
    for (let t = 0; t < deps.concurrency; t++) {
        workers.push({ process: t, client: await deps.openClient(t, t), busy: false });
    }
    const state = { index: 0, nemesisBusy: false, outstanding: new Map() };
    const queue = new CompletionQueue();
    function context() {
        const free = new Set();
        for (const w of workers)
            if (!w.busy && w.client)
                free.add(w.process);
        if (!state.nemesisBusy)
            free.add("nemesis");
        return { time: deps.clock.nowNs(), freeProcesses: free, concurrency: deps.concurrency, rng: deps.rng };
    }
    function emit(op) {
        deps.record(op);
    }
    function dispatch(req) {
        const worker = typeof req.process === "number" ? workers[req.process % deps.concurrency] : undefined;
        const node = worker ? deps.nodeOf(req.process % deps.concurrency) : undefined;
        const invoke = {
            index: state.index++,
            time: deps.clock.nowNs(),
            process: req.process,
            type: "invoke",
            f: req.f,
            value: req.value,
            ...(node ? { node: node } : {}),
        };
        const client = worker?.client;
        if (req.process === "nemesis" ? state.nemesisBusy : !client || worker.busy || worker.process !== req.process) {
            throw new HarnessError("internal", `Cannot dispatch "${req.f}": the generator chose process ${String(req.process)}, which is not free`);
        }
        emit(invoke);
        state.outstanding.set(invoke.process, invoke);
        if (client && worker) {
            worker.busy = true;
            queue.track(invokeClient(client, invoke));
        }
        else {
            state.nemesisBusy = true;
            queue.track(invokeNemesis(invoke));
        }
        return invoke;
    }
    async function invokeClient(client, invoke) {
        const timeout = new AbortController();
        const onAbort = () => timeout.abort();
        deps.signal.addEventListener("abort", onAbort, { once: true });
        const timer = setTimeout(() => timeout.abort(), deps.opTimeoutMs);
        try {
            const outcome = await Promise.race([client.invoke(invoke, timeout.signal), aborted(timeout.signal)]);
            return complete(invoke, outcome ?? timedOut(deps.signal.aborted));
        }
        catch (error) {
            return complete(invoke, { type: "info", error: { code: "client-error", message: messageOf(error), definite: false } });
        }
        finally {
            clearTimeout(timer);
            deps.signal.removeEventListener("abort", onAbort);
        }
    }
    async function invokeNemesis(invoke) {
        try {
            const value = await deps.nemesis.invoke(invoke, deps.cluster, deps.signal);
            return complete(invoke, { type: "info", value });
        }
        catch (error) {
            return complete(invoke, { type: "info", error: { code: "nemesis-error", message: messageOf(error), definite: false } });
        }
    }
    function complete(invoke, outcome) {
        const base = { index: -1, time: deps.clock.nowNs(), process: invoke.process, f: invoke.f, node: invoke.node };
        const value = outcome.value === undefined ? invoke.value : outcome.value;
        if (outcome.type === "fail") {
            const error = outcome.error ?? { code: "fail", message: "failed", definite: true };
            return { ...base, type: "fail", value, error };
        }
        return { ...base, type: outcome.type, value, ...(outcome.error ? { error: outcome.error } : {}) };
    }
    /** Records a completion and frees (or retires) its worker; returns the updated generator. */
    function handle(gen, done) {
        const op = { ...done, index: state.index++ };
        emit(op);
        state.outstanding.delete(op.process);
        if (op.process === "nemesis")
            state.nemesisBusy = false;
        else
            retireIfNeeded(op);
        return gen.update(context(), op);
    }
    function retireIfNeeded(op) {
        const worker = workers[op.process % deps.concurrency];
        if (!worker)
            return;
        if (op.type !== "info") {
            worker.busy = false;
            return;
        }
        const old = worker.client;
        worker.client = undefined;
        worker.process += deps.concurrency;
        const thread = op.process % deps.concurrency;
        queue.trackTask((async () => {
            await old?.close().catch(() => undefined);
            if (deps.signal.aborted)
                return;
            worker.client = await deps.openClient(thread, worker.process);
            worker.busy = false;
        })());
    }
    async function run(initial) {
        let gen = initial;
        for (let turn = 1;; turn++) {
            // Clients that answer without I/O would starve timers: yield now and then.
            if (turn % 512 === 0)
                await new Promise((resolve) => setImmediate(resolve));
            for (let done = queue.poll(); done; done = queue.poll())
                gen = handle(gen, done);
            if (deps.signal.aborted)
                return abortOutstanding();
            const ctx = context();
            const result = gen.op(ctx);
            if (result === undefined) {
                if (queue.idle())
                    return;
                await queue.wait(deps.signal);
            }
            else if (result === "pending") {
                await queue.wait(deps.signal, 100);
            }
            else if ((result[0].time ?? ctx.time) > ctx.time) {
                const ms = ((result[0].time ?? ctx.time) - ctx.time) / 1e6;
                await queue.wait(deps.signal, Math.max(1, Math.ceil(ms)));
            }
            else {
                const invoke = dispatch(result[0]);
                gen = result[1].update(context(), invoke);
            }
        }
    }
    /** On abort, every op still in flight is recorded as `info`: it may or may not have happened. */
    function abortOutstanding() {
        for (const invoke of state.outstanding.values()) {
            emit({ ...complete(invoke, timedOut(true)), index: state.index++ });
        }
        state.outstanding.clear();
    }
    return {
        run: (gen) => run(gen).finally(() => queue.rethrowTaskError()),
        async close() {
            await Promise.all(workers.map((w) => w.client?.close().catch(() => undefined)));
        },
    };
}
function aborted(signal) {
    return new Promise((resolve) => {
        if (signal.aborted)
            return resolve(undefined);
        signal.addEventListener("abort", () => resolve(undefined), { once: true });
    });
}
function timedOut(runAborted) {
    return runAborted
        ? { type: "info", error: { code: "aborted", message: "The run was interrupted before the op completed", definite: false } }
        : { type: "info", error: { code: "timeout", message: "The op did not complete within the op timeout", definite: false } };
}
//# sourceMappingURL=interpreter.js.map