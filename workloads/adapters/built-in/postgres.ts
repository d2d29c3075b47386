/** The built-in `postgres` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { UNFAKEABLE_CLOCKS } from "../unfakeable-clocks.js";
import { COMMON_REASONS } from "../validation-reasons.js";

/** Measured under each clock fault on its node: the idle-session timeout is timed on PostgreSQL's wall clock. */
const POSTGRES_CLOCK = "an idle holder's session, the lease, ended early when PostgreSQL's wall clock was moved forward or ran fast, so the lock was granted again while its lease was live, and not when it was moved back or ran slow: the seed picks which";

export const postgres: BuiltInService = {
  info: {
    summary: "PostgreSQL single node: a session-level advisory lock; idle_session_timeout = TTL ends a silent holder's session",
    token: "nextval of the fencecheck_token sequence, taken right after the grant",
    limits: "a single node; the lease lasts while the session lives, so a paused holder keeps it until the idle timeout; clock faults on its node go through the clock injector (with its backends, which it forks), on every runtime but a remote Docker engine",
    lease: { ends: "client-session", timedFrom: "grant" },
    durability: "fsync, synchronous_commit and full_page_writes on: a token's commit is on disk before it is answered",
  },
  clock: UNFAKEABLE_CLOCKS.postgres,
  image: "postgres",
  load: async () => (await import("../postgres-adapter.js")).postgresAdapter,
  validation: {
    "kill-storage": { expect: "valid", why: "a retired holder's session ends when its agent dies, which frees the advisory lock at once: the next grant is not a double grant", ci: true },
    "kill-lock": { expect: "valid", why: "a killed PostgreSQL ends every session and its lock, and the token sequence never goes back" },
    "partition-holder": { expect: "valid", why: "the cut-off holder's idle session times out on the server, and its late write carries an old token" },
    "loss": { expect: "valid", why: COMMON_REASONS.loss },
    "pause(storage,client)": { expect: "valid", why: COMMON_REASONS.pauseStorageOrClient, dockerCi: true },
    "delay": { expect: "valid", why: COMMON_REASONS.delay, ci: true },
    "clock-skew(client,storage)": { expect: "valid", why: `${COMMON_REASONS.clockSkewClientOrStorage}; PostgreSQL is not under libfaketime` },
    "lose-unfsynced-lock": { expect: "valid", why: "PostgreSQL with fsync=on and synchronous_commit=on flushes its WAL before a commit returns, so the token sequence survives a power loss" },
    "clock-jump(lock)": { expect: "either", why: POSTGRES_CLOCK, ci: true },
    "clock-skew(lock)": { expect: "either", why: POSTGRES_CLOCK },
    "clock-strobe(lock)": { expect: "either", why: POSTGRES_CLOCK },
    "clock-rate(lock)": { expect: "either", why: POSTGRES_CLOCK },
  },
};
