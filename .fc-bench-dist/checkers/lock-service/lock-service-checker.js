import { lockServiceViolations } from "../fencing/lock-service-order.js";
import { acquireAvailability } from "./availability.js";
import { doubleGrants } from "./double-grants.js";
/** The lock-service checker (name "lock-service"). Pure. */
export function lockServiceChecker() {
    return { name: "lock-service", check: checkLockService };
}
/** Checks one run's acquires against the lock service's promise. */
export function checkLockService(input) {
    const tokenViolations = lockServiceViolations(input.history);
    const doubles = doubleGrants(input.history, input.config.workload.ttlMs);
    const availability = acquireAvailability(input.history);
    const broken = [...tokenViolations.map((v) => v.message), ...doubles.map((d) => d.message)];
    const valid = broken.length > 0 ? false : availability.unavailable ? "unknown" : true;
    return { valid, summary: summarize(broken, availability), tokenViolations, doubleGrants: doubles, availability };
}
function summarize(broken, a) {
    if (broken.length > 0) {
        const more = broken.length > 1 ? ` (and ${broken.length - 1} more)` : "";
        return `The lock service broke its promise: ${broken[0]}${more}`;
    }
    const failures = Object.entries(a.failed).map(([code, n]) => `${n} ${code}`);
    const outcomes = [...failures, ...(a.indeterminate > 0 ? [`${a.indeterminate} indeterminate`] : [])].join(", ");
    if (a.unavailable)
        return `The lock service was unavailable: none of ${a.acquires} acquires was granted (${outcomes})`;
    const gap = `the longest time without a grant was ${(a.longestWithoutGrantNs / 1e6).toFixed(0)} ms`;
    return `The lock service kept its promise over ${a.granted} grants of ${a.acquires} acquires; ${gap}`;
}
//# sourceMappingURL=lock-service-checker.js.map