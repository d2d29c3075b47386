/** The fencing checker's result, if present and well formed. */
export function fencingResult(results) {
    const r = results["fencing"];
    return r && Array.isArray(r["violations"]) && Array.isArray(r["rejections"]) ? r : undefined;
}
/** The lease-overlap checker's result, if present and well formed. */
export function leaseOverlapResult(results) {
    const r = results["lease-overlap"];
    return r && Array.isArray(r["overlaps"]) ? r : undefined;
}
/** The final-state checker's result, if present and well formed. */
export function finalStateResult(results) {
    const r = results["final-state"];
    return r && Array.isArray(r["resources"]) ? r : undefined;
}
/** The stats checker's result, if present and well formed. */
export function statsResult(results) {
    const r = results["stats"];
    return r && typeof r["byF"] === "object" && r["byF"] !== null ? r : undefined;
}
/** The linearizable checker's result, if present and well formed. */
export function linearizableResult(results) {
    const r = results["linearizable"];
    return r && Array.isArray(r["counterexamples"]) ? r : undefined;
}
//# sourceMappingURL=checker-results.js.map