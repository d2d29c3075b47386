/** Returned by a spec to leave an operation out of the history it checks. */
export const DROP = Symbol("drop");
/** Throws the error a spec raises for an operation it cannot read. */
export function badOp(why) {
    throw new Error(why);
}
//# sourceMappingURL=spec.js.map