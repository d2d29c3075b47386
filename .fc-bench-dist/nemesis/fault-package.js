/** A numeric per-fault option (`--fault-opt fault.key=value`), if given and positive. */
export function optionMs(config, fault, key) {
    const v = config.nemesis.options[fault]?.[key];
    return typeof v === "number" && v > 0 ? v : undefined;
}
/** Any per-fault option, as given. */
export function faultOption(config, fault, key) {
    return config.nemesis.options[fault]?.[key];
}
/**
 * One nemesis that routes each op to the member that handles its `f`. The
 * member is called synchronously, so a pause's SIGSTOP is still sent before
 * `invoke` returns (see the interpreter's note on aimed pauses).
 */
export function composeNemeses(members) {
    return {
        fs: new Set(members.flatMap((m) => [...m.fs])),
        async setup(cluster) {
            for (const m of members)
                await m.setup(cluster);
        },
        invoke(op, cluster, signal) {
            const member = members.find((m) => m.fs.has(op.f));
            if (!member)
                return Promise.reject(new Error(`No nemesis handles "${op.f}"`));
            return member.invoke(op, cluster, signal);
        },
        async teardown(cluster) {
            const errors = [];
            for (const m of [...members].reverse())
                await m.teardown(cluster).catch((e) => errors.push(e));
            if (errors.length > 0)
                throw errors[0];
        },
    };
}
//# sourceMappingURL=fault-package.js.map