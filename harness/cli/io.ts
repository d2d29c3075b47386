import { terminalText } from "../../core/index.js";

/** Where CLI commands write: injected, so CLI tests run in-process. */
export interface CliIo {
  /** Writes text to standard output (add "\n" yourself); a process's own io escapes control characters (`terminalIo`). */
  out(text: string): void;
  /** Writes text to standard error (add "\n" yourself); escaped as `out`. */
  err(text: string): void;
  /** True when standard output is a terminal (progress bars, colours). */
  readonly isTty: boolean;
  /**
   * Writes to standard output as is, control sequences included: only the
   * tool's own drawing (the progress line's clear) goes here, never text
   * from a run. `out` when absent.
   */
  readonly draw?: (text: string) => void;
}

/**
 * The io a CLI process prints through: every text passes `terminalText`
 * (newlines and tabs kept), so nothing a history, a service or an adapter
 * said reaches the terminal as a control sequence, whichever command
 * printed it; `draw` writes the tool's own sequences as they are.
 */
export function terminalIo(raw: CliIo): CliIo {
  return {
    out: (text) => raw.out(terminalText(text, "keep")),
    err: (text) => raw.err(terminalText(text, "keep")),
    get isTty() {
      return raw.isTty;
    },
    draw: (text) => raw.out(text),
  };
}

/** A CLI command's outcome: the process exit code. */
export type ExitCode = 0 | 1 | 2 | 254 | 255;
