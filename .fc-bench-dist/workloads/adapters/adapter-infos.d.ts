/**
 * What each built-in lock adapter says about itself, kept apart from the
 * adapters so that `fencecheck list` can print it without loading every
 * client library.
 */
import type { LockAdapterInfo } from "./lock-adapter.js";
/** The built-in adapter names. */
export type BuiltInAdapterName = "reference" | "etcd" | "zookeeper" | "redis" | "redis-token" | "redlock" | "postgres" | "quorum";
/** Each built-in adapter's self-description. */
export declare const ADAPTER_INFOS: Readonly<Record<BuiltInAdapterName, LockAdapterInfo>>;
