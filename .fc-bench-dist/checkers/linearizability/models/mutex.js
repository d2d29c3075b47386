/**
 * A mutex with an owner: `acquire` succeeds only when the lock is free and
 * makes the calling process the owner; `release` succeeds only for the
 * owner. (Knossos's mutex has no owner; keeping it catches a release by the
 * wrong process.) Failed ops are dropped; an unknown output applies the op
 * when it is legal and otherwise changes nothing.
 */
import { ILLEGAL, isUnknown } from "../model.js";
import { DROP, badOp } from "./spec.js";
/** The mutex model starting with `initial` as owner (null: free). */
export function mutexModel(initial) {
    return {
        init: () => initial,
        step(state, input, output) {
            const legal = input.acquire ? state === null : state === input.process;
            if (!legal)
                return isUnknown(output) ? state : ILLEGAL;
            return input.acquire ? input.process : null;
        },
        hash: (s) => (s === null ? 0x51ed27 : Math.imul(s + 1, 0x9e3779b1) >>> 0),
        describeOperation: (input, output) => `${input.acquire ? "acquire" : "release"}(p${input.process})${isUnknown(output) ? " -> ?" : ""}`,
        describeState: (s) => (s === null ? "free" : `held by p${s}`),
    };
}
/** `mutex`: acquire/release with owner. */
export const mutexSpec = {
    name: "mutex",
    summary: "mutex: acquire, release by the owner",
    fs: ["acquire", "release"],
    model(initial) {
        if (initial === undefined || initial === null)
            return mutexModel(null);
        if (typeof initial === "number" && Number.isInteger(initial))
            return mutexModel(initial);
        return badOp("a mutex initial value must be null or an owner process number");
    },
    input(op) {
        if (op.f !== "acquire" && op.f !== "release")
            return badOp(`the mutex model cannot read function "${op.f}"`);
        return { acquire: op.f === "acquire", process: op.process };
    },
    output: (op) => (op.type === "fail" ? DROP : null),
};
//# sourceMappingURL=mutex.js.map