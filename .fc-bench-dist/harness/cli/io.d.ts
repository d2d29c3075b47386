/** Where CLI commands write: injected, so CLI tests run in-process. */
export interface CliIo {
    /** Writes text to standard output as is (add "\n" yourself). */
    out(text: string): void;
    /** Writes text to standard error as is (add "\n" yourself). */
    err(text: string): void;
    /** True when standard output is a terminal (progress bars, colours). */
    readonly isTty: boolean;
}
/** A CLI command's outcome: the process exit code. */
export type ExitCode = 0 | 1 | 2 | 254 | 255;
