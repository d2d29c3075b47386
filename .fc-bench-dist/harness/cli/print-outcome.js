/** The one-line summary a run or an analysis prints, and its exit code. */
import { exitCodeFor, exitCodeForValidity } from "../core/index.js";
/** Prints the verdict per checker, then the report path, on stdout. */
export function printOutcome(io, outcome) {
    const word = outcome.valid === true ? "valid" : outcome.valid === false ? "INVALID" : "unknown";
    const parts = Object.entries(outcome.results).map(([name, r]) => `${name}: ${verdictWord(r.valid)}`);
    io.out(`${word} (${parts.join(", ")})${outcome.aborted ? " [interrupted]" : ""}\n`);
    for (const line of headlines(outcome.results))
        io.out(`  ${line}\n`);
    if (outcome.error)
        io.err(`fencecheck: ${outcome.error.message}\n`);
    io.out(`report: ${outcome.reportPath ?? outcome.dir}\n`);
    if (outcome.junitPath)
        io.out(`junit: ${outcome.junitPath}\n`);
}
/** The exit code: an error mid-run wins unless a violation was found anyway. */
export function outcomeExitCode(outcome) {
    if (outcome.valid === false)
        return 1;
    if (outcome.error)
        return exitCodeFor(outcome.error.code);
    if (outcome.aborted)
        return 2;
    return exitCodeForValidity(outcome.valid);
}
function verdictWord(v) {
    return v === true ? "ok" : v === false ? "FAIL" : "unknown";
}
function headlines(results) {
    const out = [];
    for (const r of Object.values(results)) {
        const summary = r.summary;
        if (typeof summary === "string" && summary)
            out.push(summary);
    }
    return out;
}
//# sourceMappingURL=print-outcome.js.map