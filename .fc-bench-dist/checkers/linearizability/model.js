/**
 * The checker's vocabulary, kept as small as porcupine's: a model is a record
 * of pure functions over immutable states, an operation is a call and a
 * return with times, and an indeterminate output is the `UNKNOWN` marker.
 */
/** Returned by `Model.step` when the operation cannot happen in that state. */
export const ILLEGAL = Symbol("illegal");
/**
 * The one unknown-output value. Models compare with `isUnknown`, and
 * structured clones (worker threads) are restored with `reviveUnknown`.
 */
export const UNKNOWN = Object.freeze({ unknown: true });
/** True for the unknown-output marker (or a structured clone of it). */
export function isUnknown(output) {
    if (output === UNKNOWN)
        return true;
    if (typeof output !== "object" || output === null)
        return false;
    const o = output;
    return o.unknown === true && Object.keys(o).length === 1;
}
/** Fills a model's missing functions with the defaults, in this one place. */
export function fillDefaults(model) {
    return {
        init: model.init,
        step: model.step,
        partition: model.partition ?? ((ops) => [ops.slice()]),
        equal: model.equal ?? ((a, b) => a === b),
        hash: model.hash ?? (() => 0),
        describeOperation: model.describeOperation ??
            ((input, output) => `${describeValue(input)} -> ${isUnknown(output) ? "?" : describeValue(output)}`),
        describeState: model.describeState ?? ((state) => describeValue(state)),
        stateBytes: model.stateBytes ?? (() => 32),
    };
}
/** A short text for any value (bigints as digits, unknown as "?"). */
export function describeValue(value) {
    if (isUnknown(value))
        return "?";
    if (value === undefined)
        return "undefined";
    return JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v)) ?? String(value);
}
//# sourceMappingURL=model.js.map