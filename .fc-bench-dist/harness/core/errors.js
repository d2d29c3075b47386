/** The exit code for each kind of harness error (Jepsen's convention). */
export function exitCodeFor(code) {
    switch (code) {
        case "config.invalid":
        case "input.invalid":
        case "adapter.invalid":
        case "store.invalid":
            return 254;
        default:
            return 255;
    }
}
/** An error with a stable code, the one class callers catch. */
export class HarnessError extends Error {
    code;
    name = "HarnessError";
    constructor(code, message, options) {
        super(message, options);
        this.code = code;
    }
}
/** A command that exited non-zero; carries the whole result. */
export class CommandError extends HarnessError {
    result;
    constructor(result, context) {
        const why = result.stderr.trim().split("\n").at(-1) ?? "";
        const how = result.signal ? `killed by ${result.signal}` : `exited with code ${result.exitCode}`;
        super("runtime.command-failed", `${context}: "${result.command}" ${how}${why ? `: ${why}` : ""}`);
        this.result = result;
    }
}
/** Turns anything thrown into a one-line message. */
export function messageOf(error) {
    if (error instanceof Error)
        return error.message.split("\n")[0] ?? error.name;
    return String(error);
}
//# sourceMappingURL=errors.js.map