/**
 * Kleppmann's argument against Redlock, on real Redis masters: Redlock
 * times each key on its master's wall clock, so a clock that jumps forward
 * ends a lock early there. `clock-jump` with `count=majority` and
 * `direction=forward` jumps two masters of three right after a grant, while
 * the lease is certainly held; a client waiting for the lock then takes a
 * majority of masters while the first holder's lease is live.
 */
import type { Scenario } from "./scenario.js";

/** Right after a grant, a majority of the lock nodes' clocks jump 2 TTLs forward together (a single node: that node). */
const MAJORITY_JUMPS_FORWARD = [
  "--nemesis", "clock-jump", "--fault-opt", "clock.nodes=lock", "--fault-opt", "clock-jump.count=majority", "--fault-opt", "clock-jump.direction=forward",
] as const;

/** Right after a grant, one lock node's clock jumps 2 TTLs forward or back (clock-jump's default). */
const ONE_JUMPS = ["--nemesis", "clock-jump", "--fault-opt", "clock.nodes=lock"] as const;

/**
 * A hold of half the TTL, so the holder still holds when the next client
 * takes the masters the jump emptied (the scenarios' 100 ms hold ends
 * before it); acquires that give up after half the TTL, so every grant
 * came at most that long after its request, from which Redlock's lease is
 * timed: the first lease is then certainly live for half a TTL after its
 * grant (a grant after a 2.3 s wait proves nothing: 3 of 10 seeds missed
 * the double grant without it); 10 s, so the first jump comes right after
 * the first grant 2 s in.
 */
const TIMING = ["--hold-ms", "1000", "--acquire-timeout-ms", "1000", "--time-limit", "10"] as const;

/** "Redlock trusts clocks". */
export const redlockClockScenario: Scenario = {
  name: "redlock-clock",
  claim:
    "Redlock assumes the masters' clocks keep time. When a majority of them jump forward right after a client is granted the lock, its key expires early there and a second client takes a majority while the first still holds the lock; one master's jump is not enough. Storage that checks versions or tokens keeps the data safe, but the lock service has broken its promise all the same; a lock service that times leases on a monotonic clock keeps it.",
  variants: [
    {
      label: "Redlock, a majority of masters jump forward, unconditional storage",
      argv: ["--lock", "redlock", "--storage", "unfenced", ...MAJORITY_JUMPS_FORWARD, ...TIMING],
      expect: "invalid",
      why: "the first holder's key expires at once on two masters of three, and a waiting client takes them while the first holder's lease is certainly live: a double grant",
    },
    {
      label: "Redlock, a majority of masters jump forward, conditional writes",
      argv: ["--lock", "redlock", "--storage", "cas", ...MAJORITY_JUMPS_FORWARD, ...TIMING],
      expect: "invalid",
      why: "storage refuses a write naming a version it has replaced, so the data stays safe, but the lock service still granted the lock to two clients at once, which the lock-service checker reports",
    },
    {
      label: "Redis with a token, its node jumps forward, fenced storage",
      argv: ["--lock", "redis-token", "--storage", "fenced", ...MAJORITY_JUMPS_FORWARD, ...TIMING],
      expect: "invalid",
      why: "the single node's jump expires the holder's key early too: fenced storage refuses the first holder's lower token once the next holder's is in, so the data stays safe, but the lock service granted the lock twice",
    },
    {
      label: "Redlock, one master's clock jumps, conditional writes",
      argv: ["--lock", "redlock", "--storage", "cas", ...ONE_JUMPS, ...TIMING],
      expect: "valid",
      why: "a forward jump empties one master of three, and a backward one only keeps keys longer: the other two still hold the first holder's key, so no second client gathers a majority",
    },
    {
      label: "etcd, a majority of members jump forward, fenced storage",
      argv: ["--lock", "etcd", "--storage", "fenced", ...MAJORITY_JUMPS_FORWARD, ...TIMING],
      expect: "valid",
      why: "etcd times leases on Go's monotonic clock, which a wall-clock jump leaves alone, and fenced storage checks its revision tokens",
    },
  ],
};
