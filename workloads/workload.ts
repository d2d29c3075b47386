/**
 * A workload as a value, as in Jepsen's test map: what the clients do, how
 * an agent performs it, how the history is checked and what the report
 * shows. workloads/registry.ts lists them; `--workload` picks one.
 */
import type { Checker, Generator, ReportSection, RunConfig } from "../core/index.js";
import type { AgentSession, AgentSessionDeps } from "./agent/agent-session.js";

export interface Workload {
  readonly name: string;
  /** One line for `fencecheck list`. */
  readonly description: string;
  /** The client ops of the run's main phase, while the nemesis runs (Jepsen's :generator). */
  generator(config: RunConfig): Generator;
  /** Client ops once every fault is healed (Jepsen's :final-generator), e.g. final reads; undefined for none. */
  finalGenerator(config: RunConfig): Generator | undefined;
  /** How an agent (inside its client node) performs this workload's ops. */
  session(deps: AgentSessionDeps): AgentSession;
  /** The checkers of its history, in report order. */
  checkers(config: RunConfig): Checker[];
  /** The report's sections, in order (the verdict always comes first). */
  readonly reportSections: readonly ReportSection[];
}
