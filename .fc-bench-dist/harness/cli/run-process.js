/**
 * Connects `main` to the real process: stdout/stderr, the working
 * directory, and Ctrl-C/SIGTERM, which abort the run so that it heals,
 * stops every node and still checks what it recorded. A second signal
 * during that clean-up is reported and ignored: leaving nodes behind would
 * be worse (`fencecheck clean` exists for a harness killed with SIGKILL).
 */
import { main } from "./main.js";
/** Runs the CLI in this process and returns the exit code. */
export async function runProcess(argv) {
    const controller = new AbortController();
    const onSignal = (signal) => {
        if (controller.signal.aborted) {
            process.stderr.write(`fencecheck: ${signal} again: still healing faults and stopping nodes, please wait\n`);
            return;
        }
        process.stderr.write(`fencecheck: ${signal}: interrupting the run; healing faults, stopping nodes, checking the history so far\n`);
        controller.abort();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    try {
        const io = {
            out: (s) => void process.stdout.write(s),
            err: (s) => void process.stderr.write(s),
            isTty: process.stdout.isTTY === true,
        };
        return await main(argv, io, { cwd: process.cwd(), signal: controller.signal });
    }
    finally {
        process.off("SIGINT", onSignal);
        process.off("SIGTERM", onSignal);
    }
}
//# sourceMappingURL=run-process.js.map