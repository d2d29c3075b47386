/** Combines validities: false beats unknown beats true. */
export function mergeValidity(values) {
    let merged = true;
    for (const v of values) {
        if (v === false)
            return false;
        if (v === "unknown")
            merged = "unknown";
    }
    return merged;
}
/** Jepsen's exit code for a verdict. */
export function exitCodeForValidity(valid) {
    return valid === true ? 0 : valid === false ? 1 : 2;
}
//# sourceMappingURL=checker.js.map