import type { LockServiceClock } from "./lock-adapter.js";

/**
 * The built-in services whose clocks libfaketime cannot fake, and why
 * (measured on the local runtime). Their records (built-in/<name>.ts)
 * declare it as `service.clock`. Those marked `injectable` run under the
 * clock injector where the runtime injects clocks (local, docker) and take clock
 * faults there; elsewhere, and for the others, their processes run on the
 * real clock and a run whose clock faults reach their nodes is refused
 * before anything starts. Every other built-in service takes every clock
 * fault through libfaketime.
 */
export const UNFAKEABLE_CLOCKS = {
  etcd: { support: "unsupported", reason: "etcd is a Go binary: it reads the clock without libc, so libfaketime cannot move it", injectable: true },
  zookeeper: {
    support: "unsupported",
    reason: "the ZooKeeper JVM under libfaketime (a skew-file read at every clock read) did not form its ensemble within 30 s",
    injectable: true,
  },
  redis: { support: "unsupported", reason: "redis-server under libfaketime does not start (libfaketime: unexpected recursive calls to clock_gettime)", injectable: true },
  postgres: {
    support: "unsupported",
    reason: "under libfaketime its idle_session_timeout, the lease, ended sessions early after a clock step (2 of 2 runs), which the clock injector does not do",
    injectable: true,
  },
} as const satisfies Readonly<Record<string, LockServiceClock>>;
