import type { LockAdapter } from "./lock-adapter.js";
/** The built-in etcd adapter (3 nodes). */
export declare const etcdAdapter: LockAdapter;
