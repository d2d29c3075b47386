/** The options of `fencecheck run`, which every command that builds a run parses its run's command line with. */
import { Command, Option } from "commander";
import { EXISTING_OPTION } from "./existing-option.js";
import { STORAGE_KINDS } from "./options-to-config.js";
import { addSshOptions } from "./ssh-options.js";

/** Adds the options of `run` (shared with `demo`, and parsed by `parseRunArgv`). */
export function addRunOptions(command: Command): Command {
  return addSshOptions(command)
    .option("--lock <adapter>", "lock service: a built-in adapter (reference) or a path to an adapter module", "reference")
    .option("--endpoints <list>", "host:port,... of a lock service the harness does not start")
    .option(...EXISTING_OPTION)
    .option("--lock-nodes <n>", "lock service nodes to start (default: the adapter's own, e.g. 3 for etcd)")
    .option("--lock-quorum <n>", "votes a grant needs in a replicated lock service (quorum adapter; default a majority)")
    .option("--lock-witnesses <n>", "how many lock nodes are witnesses that vote but hold no data (quorum adapter)")
    .addOption(new Option("--storage <kind>", "storage semantics").choices([...STORAGE_KINDS]).default("fenced"))
    .option("--storage-nodes <n>", "storage nodes to start", "1")
    .option("--workload <name>", "what clients do and how it is checked: lock-write (acquire, write under the token, release) or lock-mutex (acquire, hold, release; checked as a mutex)", "lock-write")
    .option("--nemesis <faults>", "comma-separated fault packages, or none", "none")
    .option("--nemesis-interval <seconds>", "time between faults", "3")
    .option("--fault-opt <fault.option=value>", "a per-fault option, repeatable", collect, [])
    .option("--time-limit <seconds>", "how long clients run", "20")
    .option("--seed <n>", "seed for every random choice (default: from the clock, printed)")
    .option("--clients <n>", "concurrent clients, each its own node and process (in a run without faults, up to 32 share a process)", "5")
    .option("--agent-per-client", "run every client in an agent process of its own, even in a run without faults")
    .option("--resources <n>", "resources (lock names and storage keys) clients contend for", "2")
    .option("--ttl-ms <ms>", "lease time to live", "2000")
    .option("--hold-ms <ms>", "time a client holds the lease before writing (or releasing): one value, or a range like 50..1500 (default: 70% 50..150 ms, 30% 65-85% of the TTL)")
    .option("--lease-check <mode>", "before writing, a client checks its lease by its own clock: none, skip (the write) or self-fence (exit)", "none")
    .option("--write-delay-ms <ms>", "time between a client's lease check and its write: the window a pause can hit", "0")
    .option("--single-writer", "each client uses only its own resource (single-writer partitioning)")
    .option("--volatile-services", "our own services (reference lock, our storage) answer without waiting for fsync: faster, but a power loss may take back a grant or an accepted write (durable by default)")
    .option("--acquire-timeout-ms <ms>", "how long an acquire waits for a busy lock", "3000")
    .option("--op-timeout-ms <ms>", "an op that takes longer is recorded as info and its process retired", "10000")
    .option("--store <dir>", "where runs are stored", "store")
    .option("--name <name>", "the run's name in the store (default: from lock, storage and faults)")
    .option("--runtime <kind>", "where nodes run: local (network namespaces), docker (containers) or ssh (your hosts)", "local")
    .option("--placement <file>", "ssh runtime: which host runs each node, one \"node host\" pair a line (the rest placed by default)")
    .option("--host-watchdog-s <seconds>", "ssh runtime: each host's watchdog resumes and kills the run's processes and removes its chains after this long without the harness's heartbeat (default 30)");
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
