/**
 * Every built-in lock service, one record each (built-in/<name>.ts): what
 * `fencecheck list` prints of it (`info`), the clock declaration a run
 * refuses clock faults by (`clock`), the image its lock nodes run in on the
 * docker runtime (`image`), whether it is a design known to break
 * (`knownBroken`), how to load its adapter (a dynamic import, so an agent
 * loads only its own client library) and its row of the validation matrix
 * (`validation`). Every table of built-in services is derived from these
 * records: the adapter registry, `builtInClock`, the docker images and the
 * validation matrix's rows and cells. Adding a built-in service is its
 * record file, its line below and its adapter file. The records are read
 * without loading any adapter.
 */
import type { LockServiceClock } from "./lock-adapter.js";
import type { BuiltInService, ServiceImage } from "./service-record.js";
import { dynamodbLock } from "./built-in/dynamodb-lock.js";
import { etcdLock } from "./built-in/etcd-lock.js";
import { etcd } from "./built-in/etcd.js";
import { postgres } from "./built-in/postgres.js";
import { properLockfile } from "./built-in/proper-lockfile.js";
import { quorum } from "./built-in/quorum.js";
import { redisSemaphore } from "./built-in/redis-semaphore.js";
import { redisTokenEverysec } from "./built-in/redis-token-everysec.js";
import { redisTokenVolatile } from "./built-in/redis-token-volatile.js";
import { redisToken } from "./built-in/redis-token.js";
import { redis } from "./built-in/redis.js";
import { redlock } from "./built-in/redlock.js";
import { referenceNosync } from "./built-in/reference-nosync.js";
import { referenceTimer } from "./built-in/reference-timer.js";
import { referenceWallclock } from "./built-in/reference-wallclock.js";
import { reference } from "./built-in/reference.js";
import { warlock } from "./built-in/warlock.js";
import { zookeeper } from "./built-in/zookeeper.js";

export type { BuiltInService, ServiceImage, ValidationCell, ValidationExpectation, ValidationScenarioRef } from "./service-record.js";

const SERVICES = {
  reference,
  "reference-wallclock": referenceWallclock,
  "reference-timer": referenceTimer,
  "reference-nosync": referenceNosync,
  etcd,
  zookeeper,
  redis,
  "redis-token": redisToken,
  "redis-token-everysec": redisTokenEverysec,
  "redis-token-volatile": redisTokenVolatile,
  redlock,
  postgres,
  quorum,
  "proper-lockfile": properLockfile,
  "redis-semaphore": redisSemaphore,
  "etcd-lock": etcdLock,
  warlock,
  "dynamodb-lock": dynamodbLock,
} as const satisfies Readonly<Record<string, BuiltInService>>;

/** The built-in adapter names: the keys of `BUILT_IN_SERVICES`. */
export type BuiltInAdapterName = keyof typeof SERVICES;

/** Every built-in service, by adapter name, in the order `fencecheck list` prints them (and the validation matrix its rows). */
export const BUILT_IN_SERVICES: Readonly<Record<BuiltInAdapterName, BuiltInService>> = SERVICES;

/** The record of the built-in service called `name`, or undefined (an adapter module's path, an unknown name). */
export function builtInService(name: string): BuiltInService | undefined {
  return Object.hasOwn(BUILT_IN_SERVICES, name) ? BUILT_IN_SERVICES[name as BuiltInAdapterName] : undefined;
}

/** Each built-in adapter's clock declaration (`service.clock`), by adapter name, without loading it: what a run refuses up front. */
export function builtInClock(name: string): LockServiceClock | undefined {
  return builtInService(name)?.clock;
}

/** The image the lock nodes of adapter `name` run in on the docker runtime: its record's, else "node" (an adapter module's service). */
export function lockServiceImage(name: string): ServiceImage {
  return builtInService(name)?.image ?? "node";
}
