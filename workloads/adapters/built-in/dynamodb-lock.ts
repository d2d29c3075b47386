/** The built-in `dynamodb-lock` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";

export const dynamodbLock: BuiltInService = {
  info: {
    summary: "dynamodb-lock-client@0.7 (npm) fail-open locks on the AWS SDK v2 against one dynalite node (a DynamoDB API server on LevelDB): a conditional put, heartbeats every TTL/3",
    token: "the lock item's fencingToken, incremented by each acquire's conditional put",
    limits: "a contender waits a whole lease (TTL) after reading a held lock before it tries, so acquires are slow; a failed heartbeat stops all later heartbeats; one dynalite node; SDK retries off (one attempt per call)",
    lease: { ends: "keep-alive", timedFrom: "request" },
    durability: "dynalite's LevelDB, written without fsync: a kill keeps every token, a power loss may take back the last ones",
  },
  image: "node",
  load: async () => (await import("../dynamodb-lock-adapter.js")).dynamodbLockAdapter,
  validation: {
    "kill-lock": { expect: "valid", why: "dynalite hands each write to LevelDB's log before answering, which a kill of the process does not lose, so fencingTokens keep growing" },
    "partition-holder": { expect: "valid", why: "the cut-off holder cannot heartbeat, so the next holder's conditional put raises the fencingToken, which fenced storage holds against the late write" },
    "lose-unfsynced-lock": { expect: "either", why: "dynalite's LevelDB log is written without fsync, so a power loss may take back the last fencingTokens: a token is repeated only when a grant fell in what was lost" },
    "clock-skew(lock)": { expect: "valid", why: "the lock's lease is judged by the clients' heartbeat counts and waits, never by dynalite's clock, and fenced storage checks each write's token", ci: true },
    "clock-jump(lock)": { expect: "valid", why: "the lock's lease is judged by the clients' heartbeat counts and waits, never by dynalite's clock, and fenced storage checks each write's token" },
    "clock-strobe(lock)": { expect: "valid", why: "the lock's lease is judged by the clients' heartbeat counts and waits, never by dynalite's clock, and fenced storage checks each write's token" },
    "clock-rate(lock)": { expect: "valid", why: "the lock's lease is judged by the clients' heartbeat counts and waits, never by dynalite's clock, and fenced storage checks each write's token" },
  },
};
