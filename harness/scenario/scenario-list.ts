/**
 * The scenarios `fencecheck scenario list` shows. Each maps one idea of the
 * design notes to runs whose verdicts prove it.
 */
import type { Scenario } from "./scenario.js";
import { powerLossScenario } from "./power-loss-scenario.js";
import { redlockClockScenario } from "./redlock-clock-scenario.js";

/** Every scenario, in the order the design notes tell them. */
export function scenarioList(): readonly Scenario[] {
  return [
    {
      name: "gc-pause",
      claim:
        "A paused lease holder wakes up believing it still holds the lock. Fencing tokens move enforcement to the resource: storage that has seen token N+1 rejects token N.",
      variants: [
        {
          label: "without fencing",
          argv: ["--lock", "reference", "--storage", "unfenced", "--nemesis", "pause-holder"],
          expect: "invalid",
          why: "unfenced storage accepts the sleeper's write under its expired lease",
        },
        {
          label: "with fencing tokens",
          argv: ["--lock", "reference", "--storage", "fenced", "--nemesis", "pause-holder"],
          expect: "valid",
          why: "fenced storage has already seen the next holder's token and rejects the stale one",
        },
      ],
    },
    {
      name: "redlock",
      claim:
        "Redlock grants no fencing token, so nothing at the storage can tell a paused holder's late write from the next holder's: it is unsafe with unconditional storage. The harness's one clock still judges it: a write sent after its lease certainly expired, after the next holder's write was acknowledged, is stale. Conditional writes or a token save the data.",
      variants: [
        {
          label: "Redlock, unconditional storage",
          argv: ["--lock", "redlock", "--storage", "unfenced", "--nemesis", "pause-holder"],
          expect: "invalid",
          why: "the sleeper wakes after its lease certainly expired and overwrites the next holder's acknowledged write",
        },
        {
          label: "Redlock, conditional writes",
          argv: ["--lock", "redlock", "--storage", "cas", "--nemesis", "pause-holder"],
          expect: "valid",
          why: "the sleeper's write names the version it read, which the next holder has since replaced",
        },
        {
          label: "Redis with a token, fenced storage",
          argv: ["--lock", "redis-token", "--storage", "fenced", "--nemesis", "pause-holder"],
          expect: "valid",
          why: "storage has seen the next holder's token and rejects the sleeper's lower one",
        },
      ],
    },
    redlockClockScenario,
    {
      name: "clock-skew-lease",
      claim:
        "A lease is a lock with a clock, and clocks are the weak link: a holder whose clock stood still (or ran slow) believes its lease valid after it expired, so 'the lock expired so it's safe' is unsound. Fencing tokens need no clock at all.",
      variants: [
        {
          label: "lease checked on a true clock, after a pause",
          argv: ["--lease-check", "skip", "--resources", "1", "--storage", "unfenced", "--nemesis", "pause-holder"],
          expect: "valid",
          why: "the paused client looks at its clock before writing, sees the lease expired, and does not write",
        },
        {
          label: "lease checked on a clock that stood still during the pause",
          argv: ["--lease-check", "skip", "--resources", "1", "--storage", "unfenced", "--nemesis", "pause-holder-clock"],
          expect: "invalid",
          why: "the holder's clock says no time passed, so it writes after its lease expired and the next holder wrote",
        },
        {
          label: "same clock, fenced storage",
          argv: ["--lease-check", "skip", "--resources", "1", "--storage", "fenced", "--nemesis", "pause-holder-clock"],
          expect: "valid",
          why: "storage compares tokens, not clocks: the late write carries an old token and is rejected",
        },
        {
          label: "the lock service's own clock jumps and runs fast, leases on its wall clock",
          argv: ["--lock", "reference-wallclock", "--storage", "fenced", "--nemesis", "clock-skew,clock-rate,clock-jump,clock-strobe",
            "--fault-opt", "clock.nodes=lock", "--nemesis-interval", "1"],
          expect: "invalid",
          why: "a clock that jumps forward expires a lease early: the service grants it again while the first holder's lease is certainly unexpired",
        },
        {
          label: "same faults, leases on its monotonic clock",
          argv: ["--lock", "reference", "--storage", "fenced", "--nemesis", "clock-skew,clock-rate,clock-jump,clock-strobe",
            "--fault-opt", "clock.nodes=lock", "--nemesis-interval", "1"],
          expect: "valid",
          why: "clock faults move wall clocks; a lease timed on the monotonic clock expires on time whatever the wall clock says",
        },
      ],
    },
    {
      name: "quorum-intersection",
      claim:
        "Two majorities of the same set always share a member, so two conflicting decisions cannot both be ratified. Quorums that need not intersect (2 of 4) can each grant the same lease.",
      variants: [
        {
          label: "majority quorums (2 of 3)",
          argv: ["--lock", "quorum", "--lock-nodes", "3", "--lock-quorum", "2", "--nemesis", "partition", "--fault-opt", "partition.nodes=lock"],
          expect: "valid",
          why: "any two quorums share a replica, which refuses to vote for a second holder or a reused token",
        },
        {
          label: "non-intersecting quorums (2 of 4)",
          argv: ["--lock", "quorum", "--lock-nodes", "4", "--lock-quorum", "2", "--nemesis", "partition-halves", "--fault-opt", "partition.nodes=lock"],
          expect: "invalid",
          why: "each half of a 2|2 partition is a quorum of its own and grants the same token to a different client",
        },
      ],
    },
    {
      name: "witness",
      claim:
        "A witness solves the even-numbered-cluster problem cheaply: two full replicas plus an arbiter that holds no data but votes stay available when one side is cut off; two replicas alone cannot make progress.",
      variants: [
        {
          label: "two replicas and a witness",
          argv: ["--lock", "quorum", "--lock-nodes", "3", "--lock-witnesses", "1", "--nemesis", "partition-isolate", "--fault-opt", "partition.nodes=lock"],
          expect: "valid",
          why: "the replica left with the witness still has two votes of three",
        },
        {
          label: "two replicas, no witness",
          argv: ["--lock", "quorum", "--lock-nodes", "2", "--nemesis", "partition-isolate", "--fault-opt", "partition.nodes=lock"],
          expect: "unavailable",
          why: "neither replica can gather two votes of two while they are cut apart: no lease is granted, and none is granted twice",
        },
      ],
    },
    {
      name: "self-fencing",
      claim:
        "STONITH / self-fencing is the blunter alternative: a client that checks its lease before writing and kills itself on loss. It survives a pause before the check, but not a pause between the check and the write; token fencing survives both.",
      variants: [
        {
          label: "self-fencing, paused before its check",
          argv: ["--lease-check", "self-fence", "--storage", "unfenced", "--nemesis", "pause-holder"],
          expect: "valid",
          why: "the client wakes, sees by its own clock that its lease expired, and exits before writing",
        },
        {
          label: "self-fencing, paused between check and write",
          argv: ["--lease-check", "self-fence", "--storage", "unfenced", "--nemesis", "pause-writer", "--write-delay-ms", "300"],
          expect: "invalid",
          why: "the check passed just before the pause; after it the client writes without looking again",
        },
        {
          label: "token fencing, paused between check and write",
          argv: ["--lease-check", "self-fence", "--storage", "fenced", "--nemesis", "pause-writer", "--write-delay-ms", "300"],
          expect: "valid",
          why: "storage checks the token at the moment of the write, so the window does not exist",
        },
      ],
    },
    {
      name: "storage-cannot-fence",
      claim:
        "Fencing only works if the downstream resource participates. A plain file or an object store without conditions cannot reject a stale writer, even behind a perfect lock service; conditional writes and single-writer partitioning keep the data safe.",
      variants: [
        {
          label: "plain file per key",
          argv: ["--storage", "file", "--nemesis", "pause-writer", "--hold-ms", "300"],
          expect: "invalid",
          why: "the file takes whatever is written last: the sleeper overwrites the next holder's data",
        },
        {
          label: "object store without conditions (S3 PutObject)",
          argv: ["--storage", "s3", "--nemesis", "pause-writer", "--hold-ms", "300"],
          expect: "invalid",
          why: "an unconditional PUT cannot tell a stale writer from a current one",
        },
        {
          label: "S3 PutObject with If-Match, on a server that ignores it",
          argv: ["--storage", "s3-conditional", "--nemesis", "pause-writer", "--hold-ms", "300"],
          expect: "invalid",
          why: "s3rver accepts a PutObject whose If-Match names an ETag it no longer holds: a condition the store does not enforce fences nothing",
        },
        {
          label: "conditional writes on a store that enforces them (version)",
          argv: ["--storage", "cas", "--nemesis", "pause-writer", "--hold-ms", "300"],
          expect: "valid",
          why: "the sleeper's write names the version it read, which the next holder has since replaced",
        },
        {
          label: "conditional writes, the holder paused before its read",
          argv: ["--storage", "cas", "--nemesis", "pause-holder", "--hold-ms", "300"],
          expect: "valid",
          why: "the sleeper wakes, reads the next holder's value and writes over it with the version it read: a read-modify-write with a lower token, and no update is lost",
        },
        {
          label: "single-writer partitioning",
          argv: ["--storage", "unfenced", "--single-writer", "--clients", "3", "--resources", "3", "--nemesis", "pause-writer", "--hold-ms", "300"],
          expect: "valid",
          why: "each key has one writer, so no one else's data can be overwritten",
        },
      ],
    },
    powerLossScenario,
  ];
}

/** Finds a scenario by name. */
export function findScenario(name: string): Scenario | undefined {
  return scenarioList().find((s) => s.name === name);
}
