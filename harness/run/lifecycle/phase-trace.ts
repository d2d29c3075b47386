/**
 * A run's phases as they end (`fencecheck run --timings`): when each ended,
 * in ms since the harness process started, and how much CPU the harness
 * process had spent by then. Where a run's fixed cost goes: the CLI's start,
 * the network, each service, the agents, the wait past the time limit, the
 * stop, the check and the report.
 */

/** One phase's end. */
export interface PhaseMark {
  readonly phase: string;
  /** Ms since the process started. */
  readonly atMs: number;
  /** The harness process's CPU (user + system) so far, ms. */
  readonly cpuMs: number;
}

/** Where the marks' times come from (injected: `processTimes` in a real process). */
export interface TraceTimes {
  /** Ms since the process started. */
  sinceStartMs(): number;
  /** This process's CPU time so far, ms. */
  cpuMs(): number;
}

/** Collects marks; `marks` lists them in the order they were made. */
export interface PhaseTrace {
  mark(phase: string): void;
  marks(): readonly PhaseMark[];
}

/** A trace reading `times` at each mark. */
export function createPhaseTrace(times: TraceTimes): PhaseTrace {
  const marks: PhaseMark[] = [];
  return {
    mark: (phase) => void marks.push({ phase, atMs: times.sinceStartMs(), cpuMs: times.cpuMs() }),
    marks: () => marks,
  };
}

/** This process's times: `performance.now()` counts from the process's start. */
export function processTimes(): TraceTimes {
  return {
    sinceStartMs: () => performance.now(),
    cpuMs: () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    },
  };
}

/**
 * The marks as lines (pure): each phase's end, the wall time it took since
 * the previous mark and the harness's CPU in it. The harness's children
 * (nodes, agents) are not counted in its CPU.
 */
export function formatPhases(marks: readonly PhaseMark[]): string[] {
  const lines = ["timings: ms since the process started (+ since the line above), and the harness process's own CPU"];
  let previous: PhaseMark = { phase: "", atMs: 0, cpuMs: 0 };
  for (const m of marks) {
    lines.push(`${ms(m.atMs).padStart(7)} (+${ms(m.atMs - previous.atMs).padStart(5)})  cpu ${ms(m.cpuMs).padStart(5)} (+${ms(m.cpuMs - previous.cpuMs).padStart(4)})  ${m.phase}`);
    previous = m;
  }
  return lines;
}

function ms(value: number): string {
  return Math.round(value).toString();
}
