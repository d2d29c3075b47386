import { pairs } from "../core/index.js";
import { faultPeriods } from "../../reports/index.js";
/** Counts acquires invoked inside fault periods and those that returned ok. */
export function faultAvailability(history, shading) {
    const periods = faultPeriods(history, shading);
    const inFault = (t) => periods.some((p) => p.start <= t && t < p.end);
    let attempted = 0;
    let granted = 0;
    for (const { invoke, completion } of pairs(history)) {
        if (invoke.f !== "acquire" || typeof invoke.process !== "number" || !inFault(invoke.time))
            continue;
        attempted++;
        if (completion?.type === "ok")
            granted++;
    }
    return { attempted, granted, unavailable: attempted > 0 && granted === 0 };
}
//# sourceMappingURL=availability.js.map