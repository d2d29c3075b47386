/**
 * What a fault package is: a named schedule (a generator of nemesis ops)
 * plus the nemesis that performs those ops. Packages of one kind share one
 * nemesis instance, so that, say, two pause schedules heal through the same
 * record of what is paused.
 */
import type { Fault, FaultShading, Generator, HazardName, Nemesis, RunConfig } from "../core/index.js";
import type { NemesisContext } from "./leader/current-leader.js";

/** A named fault package. */
export interface FaultPackageSpec {
  readonly name: string;
  /** One line for `fencecheck list` and `--help`, including the fault's limits. */
  readonly description: string;
  /** The runtime capabilities it needs; a run refuses early when one is missing. */
  readonly needs: readonly Fault[];
  /** Packages with the same kind share one nemesis (created once by `nemesis`). */
  readonly kind: string;
  nemesis(ctx: NemesisContext): Nemesis;
  /** How the report shades this kind's fault periods. */
  readonly shading: FaultShading;
  /**
   * The hazards (core/hazards.ts) this package is meant to bring about: a
   * valid run none of whose aimed hazards happened is vacuous. Omitted: it
   * aims at none in particular (any hazard then makes the run count).
   */
  readonly aims?: readonly HazardName[];
  /**
   * The schedule. `startNs` is when the workload starts (harness ns): a timed
   * fault comes first an interval after it, not after the run's start.
   */
  generator(config: RunConfig, startNs: number): Generator;
  /**
   * Aims at the lock service's leader: a run whose lock adapter has no
   * `leader` is refused before it starts.
   */
  readonly needsLeader?: boolean;
  /**
   * Aims at the leader when the run can tell who leads, and elsewhere
   * otherwise: the run builds its leader lookup when the adapter has
   * `leader`, and refuses nothing.
   */
  readonly prefersLeader?: boolean;
  /**
   * For a package that needs "clock": the nodes whose clock it may change
   * (only these run under a fake clock). Omitted: every node of the run.
   */
  clockNodes?(config: RunConfig): readonly string[];
  /**
   * For a package that needs "lose-unfsynced": the nodes whose data
   * directory it may drop unsynced writes of (only these live on a lazy file system).
   */
  diskNodes?(config: RunConfig): readonly string[];
}

/** A numeric per-fault option (`--fault-opt fault.key=value`), if given and positive. */
export function optionMs(config: RunConfig, fault: string, key: string): number | undefined {
  const v = config.nemesis.options[fault]?.[key];
  return typeof v === "number" && v > 0 ? v : undefined;
}

/**
 * One nemesis that routes each op to the member that handles its `f`. The
 * member is called synchronously, so a pause's SIGSTOP is still sent before
 * `invoke` returns (see the interpreter's note on aimed pauses).
 */
export function composeNemeses(members: readonly Nemesis[]): Nemesis {
  return {
    fs: new Set(members.flatMap((m) => [...m.fs])),
    async setup(cluster) {
      for (const m of members) await m.setup(cluster);
    },
    invoke(op, cluster, signal) {
      const member = members.find((m) => m.fs.has(op.f));
      if (!member) return Promise.reject(new Error(`No nemesis handles "${op.f}"`));
      return member.invoke(op, cluster, signal);
    },
    async teardown(cluster) {
      const errors: unknown[] = [];
      for (const m of [...members].reverse()) await m.teardown(cluster).catch((e: unknown) => errors.push(e));
      if (errors.length > 0) throw errors[0];
    },
  };
}
