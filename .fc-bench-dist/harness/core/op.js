/**
 * Jepsen's operation model, typed. An op is plain, serializable data.
 *
 * Times are harness-monotonic nanoseconds since the run started (never a
 * node's clock: node clocks are what the nemesis skews). A `fail` certainly
 * did not take effect; an `info` may have.
 */
/** Brands a string as a node id. */
export function nodeId(id) {
    return id;
}
/** The op types, in the order Jepsen lists them. */
export const OP_TYPES = ["invoke", "ok", "fail", "info"];
/** True when `x` is one of the four op types. */
export function isOpType(x) {
    return x === "invoke" || x === "ok" || x === "fail" || x === "info";
}
/** True for ok, fail and info. */
export function isCompletion(op) {
    return op.type !== "invoke";
}
//# sourceMappingURL=op.js.map